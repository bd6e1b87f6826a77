import { formatMinutesSeconds, MESSAGES } from '@storyloom/core';
import { LoaderCircle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { LatestRequest } from './latest-request';
import type { ChosenSong } from './music-video-form-model';
import { songFile, type TrendingSong } from './music-video-api';
import { MusicLinkDialog } from './music-link-dialog';
import { SongDialog } from './song-dialog';
import { SongPanel } from './song-panel';
import { AwardsSongPicker, TrendingSongsDialog } from './trending-songs';

/** A library song being fetched for the segment step, and when the pick was made. */
export interface PendingPick {
  song: TrendingSong;
  startedAt: number;
}

/**
 * A pick of a library song (trending or featured): progress shows at once, a new pick aborts
 * the one it replaces and a late answer is dropped, so one segment step opens — the latest's.
 */
function useLibraryPick(onFile: (file: File) => void) {
  const [pending, setPending] = useState<PendingPick | null>(null);
  const latest = useRef(new LatestRequest<File>());
  const deliver = useRef(onFile);
  deliver.current = onFile;
  useEffect(() => {
    const requests = latest.current;
    return () => requests.cancel();
  }, []);
  return {
    pending,
    pick: (song: TrendingSong) => {
      setPending({ song, startedAt: Date.now() });
      latest.current.start((signal) => songFile(song, signal), {
        onDone: (file) => {
          setPending(null);
          deliver.current(file);
        },
        onFailed: (failure) => {
          console.error('Could not load the song', failure);
          setPending(null);
          toast.error(MESSAGES.musicUrl.downloadFailed);
        },
      });
    },
    cancel: () => {
      latest.current.cancel();
      setPending(null);
    },
  };
}

/** Seconds since `since`, ticking once a second. */
function useElapsed(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [since]);
  return Math.max(0, (now - since) / 1000);
}

function PendingSong(props: { pick: PendingPick; onCancel: () => void }) {
  const elapsed = useElapsed(props.pick.startedAt);
  return (
    <div
      role="status"
      data-testid="pending-song"
      className="flex items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3"
    >
      <LoaderCircle className="mt-0.5 size-5 shrink-0 animate-spin text-brand-600" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate text-sm font-medium text-zinc-800">
            {MESSAGES.generate.preparingSong(props.pick.song.name)}
          </span>
          <span className="text-xs text-zinc-500 tabular-nums">
            {formatMinutesSeconds(elapsed)}
          </span>
        </span>
        <span className="mt-0.5 block text-xs text-zinc-600">
          {MESSAGES.generate.librarySongFirstUse}
        </span>
      </span>
      <button
        type="button"
        aria-label="Cancel song"
        onClick={props.onCancel}
        className="rounded-full p-1.5 text-zinc-500 hover:bg-white hover:text-zinc-800"
      >
        <X className="size-4" />
      </button>
    </div>
  );
}

/**
 * Where a form's song comes from (spec 2 §2): an upload, a Suno/TikTok link (Suno only for
 * the lyrics form) and — in the music-video form — the trending songs and the featured ones.
 * Every way ends in the song dialog's segment step; the chosen segment is handed back.
 */
export function SongSource(props: {
  song: ChosenSong | null;
  onChange: (song: ChosenSong | null) => void;
  /** Offer the library's trending and featured songs. */
  library: boolean;
  linkSources: 'suno' | 'all';
}) {
  const guard = useRequireSignIn();
  const [songDialog, setSongDialog] = useState(false);
  const [linkDialog, setLinkDialog] = useState(false);
  const [trendingDialog, setTrendingDialog] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const openSegmentStep = (chosen: File) => {
    setFile(chosen);
    setSongDialog(true);
  };
  const pick = useLibraryPick(openSegmentStep);

  return (
    <>
      {pick.pending ? <PendingSong pick={pick.pending} onCancel={pick.cancel} /> : null}
      <SongPanel
        song={props.song}
        onUpload={() =>
          guard(() => {
            pick.cancel();
            setFile(null);
            setSongDialog(true);
          })
        }
        onClear={() => props.onChange(null)}
      />
      {props.song ? null : (
        <>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {props.library ? (
              <button
                type="button"
                onClick={() => guard(() => setTrendingDialog(true))}
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                {MESSAGES.generate.trendingSongs}
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => guard(() => setLinkDialog(true))}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {props.linkSources === 'suno'
                ? MESSAGES.musicUrl.sunoDialogTitle
                : MESSAGES.musicUrl.dialogTitle}
            </button>
          </div>
          {props.library ? (
            <AwardsSongPicker
              pendingId={pick.pending?.song.id ?? null}
              onChosen={(song) => guard(() => pick.pick(song))}
            />
          ) : null}
        </>
      )}
      <SongDialog
        open={songDialog}
        onOpenChange={(open) => {
          setSongDialog(open);
          if (!open) setFile(null);
        }}
        onChosen={props.onChange}
        file={file}
      />
      {props.library ? (
        <TrendingSongsDialog
          open={trendingDialog}
          onOpenChange={setTrendingDialog}
          pendingId={pick.pending?.song.id ?? null}
          onChosen={pick.pick}
        />
      ) : null}
      <MusicLinkDialog
        open={linkDialog}
        onOpenChange={setLinkDialog}
        sources={props.linkSources}
        onSong={(chosen) => {
          pick.cancel();
          openSegmentStep(chosen);
        }}
      />
    </>
  );
}
