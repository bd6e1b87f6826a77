import {
  MESSAGES,
  uploadKindOf,
  validateEditorUpload,
  type MediaAsset,
  type MediaPickerTab,
  type UploadKind,
} from '@storyloom/core';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import {
  AudioLines,
  Captions,
  ChevronDown,
  Film,
  History,
  Image as ImageIcon,
  Music,
  PersonStanding,
  Plus,
  Sparkles,
  Upload,
  UploadCloud,
  XCircle,
} from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MenuContent, MenuItem } from '../../../ui/menu';
import { ActionVideoDialog } from './action-video-dialog';
import { CaptionsTab } from '../captions/captions-tab';
import { useEditor } from '../store/editor-context';
import { HistoryPicker, MediaPickerModal } from './media-pickers';
import { UploadTile, VisualAssetTile } from './media-tiles';
import { MusicTab } from './music-tab';
import { useSharedMediaLibrary, type MediaLibrary, type UploadingAsset } from './use-media-library';
import { VoiceoverTab } from './voiceover-tab';

type Tab = 'video' | 'image' | 'music' | 'voiceover' | 'caption';

const TABS: { tab: Tab; label: string; Icon: typeof Film }[] = [
  { tab: 'video', label: 'Videos', Icon: Film },
  { tab: 'image', label: 'Images', Icon: ImageIcon },
  { tab: 'music', label: 'Music', Icon: Music },
  { tab: 'voiceover', label: 'Voiceover', Icon: AudioLines },
  { tab: 'caption', label: 'Captions', Icon: Captions },
];
const LABELS = Object.fromEntries(TABS.map(({ tab, label }) => [tab, label])) as Record<
  Tab,
  string
>;

/** The tab an upload lands in: its kind's, but a sound dropped on Voiceover stays there (§5). */
function tabForUpload(kind: UploadKind, current: Tab): Tab {
  if (kind === 'audio') return current === 'voiceover' ? 'voiceover' : 'music';
  return kind;
}

/** What the file input of a tab accepts. */
const ACCEPT: Record<Tab, string> = {
  video: 'video/mp4,video/webm,video/quicktime,video/x-msvideo,.mp4,.webm,.mov,.avi',
  image: 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp',
  music: 'audio/*,.mp3,.wav,.aac,.ogg,.mpeg',
  voiceover: 'audio/*,.mp3,.wav,.aac,.ogg,.mpeg',
  caption: '',
};

type DropHint = { ok: true; kind: UploadKind; tab: Tab } | { ok: false; reason: string } | null;

/** What a file drag over the pane would do, from what the browser tells while dragging. */
function dropHint(event: DragEvent, current: Tab): DropHint {
  const files = Array.from(event.dataTransfer.items).filter((item) => item.kind === 'file');
  if (files.length === 0) return null;
  if (files.length > 1) return { ok: false, reason: MESSAGES.editor.oneFileOnlyDrag };
  const kind = uploadKindOf({ name: '', type: files[0]!.type });
  if (!kind) return { ok: false, reason: MESSAGES.editor.onlyMediaFiles };
  return { ok: true, kind, tab: tabForUpload(kind, current) };
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

function uploadsOf(uploads: readonly UploadingAsset[], tab: Tab) {
  return uploads.filter(
    (upload) =>
      upload.type === (tab === 'music' || tab === 'voiceover' ? 'audio' : tab) &&
      (upload.type !== 'audio' || (upload.subtype === 'voiceover') === (tab === 'voiceover')),
  );
}

/** The Videos or Images tab: a two-column grid, or the empty state with Create and Add. */
function VisualTab({
  kind,
  library,
  tiles,
  onUpload,
  onHistory,
  onCreate,
  onActionVideo,
}: {
  kind: 'video' | 'image';
  library: MediaLibrary;
  tiles: readonly UploadingAsset[];
  onUpload: () => void;
  onHistory: () => void;
  onCreate: () => void;
  /** Videos only: opens the action video dialog. */
  onActionVideo?: (() => void) | undefined;
}) {
  const assets = useEditor(
    useShallow((s) =>
      s.timeline.mediaAssets.filter((asset) => !asset.is_deleted && asset.resource_type === kind),
    ),
  );
  const actions = (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={onCreate}
        className="flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-medium text-white hover:bg-brand-700"
      >
        <Sparkles className="size-3.5" aria-hidden />
        Create
      </button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="flex items-center gap-1 rounded-full px-3 py-1 text-xs font-medium text-zinc-800 ring-1 ring-zinc-200 hover:bg-zinc-100">
          <Plus className="size-3.5" aria-hidden />
          Add
          <ChevronDown className="size-3" aria-hidden />
        </DropdownMenu.Trigger>
        <MenuContent align="start" className="min-w-40">
          <MenuItem icon={<Upload />} onSelect={onUpload}>
            Upload
          </MenuItem>
          <MenuItem icon={<History />} onSelect={onHistory}>
            History
          </MenuItem>
          {onActionVideo ? (
            <MenuItem icon={<PersonStanding />} onSelect={onActionVideo}>
              Action video
            </MenuItem>
          ) : null}
        </MenuContent>
      </DropdownMenu.Root>
    </div>
  );
  if (assets.length === 0 && tiles.length === 0)
    return (
      <div
        data-testid="media-empty"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 p-6 text-center"
      >
        {kind === 'video' ? (
          <Film className="size-8 text-zinc-300" aria-hidden />
        ) : (
          <ImageIcon className="size-8 text-zinc-300" aria-hidden />
        )}
        <p className="text-sm text-zinc-500">
          No {kind === 'video' ? 'videos' : 'images'} yet. Create one, upload your own, or drop a
          file here.
        </p>
        {actions}
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      {actions}
      <ul className="grid grid-cols-2 gap-2" aria-label={LABELS[kind]}>
        {tiles.map((upload) => (
          <li key={upload.id}>
            <UploadTile
              upload={upload}
              layout="grid"
              onDismiss={() => library.dismiss(upload.id)}
            />
          </li>
        ))}
        {assets.map((asset) => (
          <li key={asset.id}>
            <VisualAssetTile asset={asset} onDelete={(a) => void library.remove(a)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The media assets pane (spec 3 §2, §5): five tabs with icons (the active or hovered one shows
 * its label); the story's assets dragged onto the timeline; the whole pane a file drop target;
 * uploads with a progress tile each; the history picker and the media picker.
 */
export function MediaPane() {
  const library = useSharedMediaLibrary();
  const [tab, setTab] = useState<Tab>('video');
  const [hint, setHint] = useState<DropHint>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [actionOpen, setActionOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);

  /** One file from a drop or the file input: checked (spec 3 §5), then uploaded. */
  function takeFiles(files: readonly File[], from: Tab) {
    if (files.length === 0) return;
    if (files.length > 1) {
      setUploadError(MESSAGES.editor.oneFileOnly);
      return;
    }
    const file = files[0]!;
    const error = validateEditorUpload(file);
    const kind = uploadKindOf(file);
    if (error || !kind) {
      setUploadError(error ?? MESSAGES.editor.onlyMediaFiles);
      return;
    }
    const target = tabForUpload(kind, from);
    setTab(target);
    library.upload(
      file,
      kind,
      kind === 'audio' ? (target === 'voiceover' ? 'voiceover' : 'music') : null,
    );
  }

  /** The file input of a tab: only that tab's kind (a sound on Voiceover stays a voice-over). */
  function takeInput(files: readonly File[]) {
    const wanted = tab === 'music' || tab === 'voiceover' ? 'audio' : tab;
    const kind = files.length === 1 ? uploadKindOf(files[0]!) : null;
    if (kind && kind !== wanted) {
      setUploadError(MESSAGES.editor.filesNotSupportedYet(kind));
      return;
    }
    takeFiles(files, tab);
  }

  const openUpload = () => input.current?.click();
  const tilesFor = (value: Tab): ReactNode =>
    uploadsOf(library.uploads, value).map((upload) => (
      <UploadTile
        key={upload.id}
        upload={upload}
        layout="row"
        onDismiss={() => library.dismiss(upload.id)}
      />
    ));

  /** Earlier uploads and library media join the story as new assets; its own are there already. */
  const addPicked = (assets: MediaAsset[], from: 'history' | MediaPickerTab) => {
    if (from !== 'storyAsset') void library.addCopies(assets);
  };
  const pickKind: 'video' | 'image' = tab === 'image' ? 'image' : 'video';

  return (
    <aside
      aria-label="Media assets"
      data-testid="media-pane"
      className="relative flex min-h-0 flex-1 flex-col border-r border-zinc-200 bg-white"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        dragDepth.current += 1;
        setHint(dropHint(event, tab));
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        const next = dropHint(event, tab);
        setHint((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        dragDepth.current = Math.max(0, dragDepth.current - 1);
        if (dragDepth.current === 0) setHint(null);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        dragDepth.current = 0;
        setHint(null);
        takeFiles(Array.from(event.dataTransfer.files), tab);
      }}
    >
      <div role="tablist" className="flex gap-1 border-b border-zinc-200 p-2">
        {TABS.map(({ tab: value, label, Icon }) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-label={label}
            data-tab={value}
            className={clsx(
              'group flex items-center gap-1 rounded-full px-2 py-1 text-xs font-medium',
              tab === value ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:bg-zinc-100',
            )}
            onClick={() => setTab(value)}
          >
            <Icon className="size-4" aria-hidden />
            <span className={tab === value ? '' : 'hidden group-hover:inline'}>{label}</span>
          </button>
        ))}
      </div>
      <input
        ref={input}
        type="file"
        data-testid="media-file-input"
        className="hidden"
        accept={ACCEPT[tab]}
        onChange={(event) => {
          takeInput(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <div className="min-h-0 flex-1 overflow-y-auto p-2" data-active-tab={tab}>
        {tab === 'caption' ? (
          <CaptionsTab />
        ) : tab === 'music' ? (
          <MusicTab library={library} onUpload={openUpload} tiles={tilesFor('music')} />
        ) : tab === 'voiceover' ? (
          <VoiceoverTab library={library} tiles={tilesFor('voiceover')} />
        ) : (
          <VisualTab
            kind={tab}
            library={library}
            tiles={uploadsOf(library.uploads, tab)}
            onUpload={openUpload}
            onHistory={() => setHistoryOpen(true)}
            onCreate={() => setPickerOpen(true)}
            onActionVideo={tab === 'video' ? () => setActionOpen(true) : undefined}
          />
        )}
      </div>

      {hint ? (
        <div
          data-testid="drop-overlay"
          className={clsx(
            'pointer-events-none absolute inset-1 z-30 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center',
            hint.ok ? 'border-brand-500 bg-brand-50/95' : 'border-red-400 bg-red-50/95',
          )}
        >
          {hint.ok ? (
            <>
              <UploadCloud className="size-8 text-brand-600" aria-hidden />
              <p className="font-semibold text-zinc-900">
                {MESSAGES.editor.dropToUpload(hint.kind)}
              </p>
              {hint.tab !== tab ? (
                <p className="text-sm text-zinc-600">
                  {MESSAGES.editor.willSwitchTab(LABELS[hint.tab])}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <XCircle className="size-8 text-red-500" aria-hidden />
              <p className="font-semibold text-red-800">{MESSAGES.editor.invalidFile}</p>
              <p className="text-sm text-red-700">{hint.reason}</p>
            </>
          )}
        </div>
      ) : null}

      {uploadError ? (
        <div
          role="alertdialog"
          aria-label={MESSAGES.editor.uploadError}
          data-testid="upload-error-overlay"
          className="absolute inset-0 z-30 flex items-center justify-center bg-white/85 p-4"
        >
          <div className="flex flex-col items-center gap-2 rounded-xl bg-white p-4 text-center shadow-lg ring-1 ring-red-200">
            <XCircle className="size-7 text-red-500" aria-hidden />
            <p className="font-semibold text-zinc-900">{MESSAGES.editor.uploadError}</p>
            <p data-testid="upload-error-message" className="text-sm break-words text-red-700">
              {uploadError}
            </p>
            <button
              type="button"
              autoFocus
              onClick={() => setUploadError(null)}
              className="rounded-full bg-zinc-900 px-4 py-1.5 text-sm font-medium text-white hover:bg-zinc-700"
            >
              {MESSAGES.editor.gotIt}
            </button>
          </div>
        </div>
      ) : null}

      <HistoryPicker
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        kind={pickKind}
        onPick={(assets) => addPicked(assets, 'history')}
      />
      <MediaPickerModal
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        kind={pickKind}
        onPick={addPicked}
      />
      <ActionVideoDialog open={actionOpen} onOpenChange={setActionOpen} library={library} />
    </aside>
  );
}
