import {
  CAPTION_DETECTION_PROGRESS,
  CAPTION_LANGUAGE_LABELS,
  CAPTION_LANGUAGES,
  DEFAULT_CAPTION_LANGUAGE,
  MESSAGES,
  captionAudioSeconds,
  captionDetectionCredits,
  captionDetectionProgress,
  formatFrames,
  generateCaptionResponseSchema,
  type CaptionLanguage,
  type TimelineItem,
} from '@storyloom/core';
import {
  captionDetectionRequest,
  captionDetectionShown,
  editCaption,
  insertCaptionTracks,
  setCaptionsEnabled,
} from '@storyloom/timeline';
import { useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useShallow } from 'zustand/react/shallow';
import { requestJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useEditor, useEditorStore } from '../store/editor-context';
import { CAPTION_TEXT_FONT_FAMILY } from './use-caption-fonts';

type Detection = { phase: 'idle' } | { phase: 'detecting'; percent: number };

/**
 * Caption detection (spec 3 §4): POST /stories/generate_caption with the source tracks, a
 * progress bar that grows to 95 % at a pace set by the audio length ('Detecting...' then
 * 'Finalizing...'), 100 % when done and reset 300 ms later; the detected tracks go in as one
 * undoable edit that also turns the captions display on.
 */
function useCaptionDetection() {
  const store = useEditorStore();
  const queryClient = useQueryClient();
  const [detection, setDetection] = useState<Detection>({ phase: 'idle' });
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const detect = async (language: CaptionLanguage) => {
    const state = store.getState();
    const request = captionDetectionRequest(state.timeline, { category: state.category, language });
    if (!request) return;
    const seconds = captionAudioSeconds(request.tracks, request.globalConfig.fps);
    const started = performance.now();
    setDetection({ phase: 'detecting', percent: 0 });
    const ticker = setInterval(
      () =>
        setDetection({
          phase: 'detecting',
          percent: captionDetectionProgress(performance.now() - started, seconds),
        }),
      CAPTION_DETECTION_PROGRESS.tickMs,
    );
    try {
      const answer = await requestJson('/stories/generate_caption', generateCaptionResponseSchema, {
        method: 'POST',
        body: { ...request },
      });
      if (!answer.success || !answer.captions) {
        toast.error(answer.message ?? answer.error ?? MESSAGES.editor.captionFailed);
        return;
      }
      const captions = answer.captions;
      store
        .getState()
        .applyCommand((timeline) =>
          insertCaptionTracks(timeline, { captions, newId: () => crypto.randomUUID() }),
        );
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(state.storyId) });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : MESSAGES.editor.captionFailedThrown);
    } finally {
      clearInterval(ticker);
      setDetection({ phase: 'detecting', percent: 100 });
      timers.current.push(
        setTimeout(() => setDetection({ phase: 'idle' }), CAPTION_DETECTION_PROGRESS.resetAfterMs),
      );
    }
  };
  return { detection, detect };
}

/** Detection controls: language, Detect / Redetect Caption with its price, progress, display switch. */
function DetectionControls({ hasCaptions }: { hasCaptions: boolean }) {
  const store = useEditorStore();
  const [language, setLanguage] = useState<CaptionLanguage>(DEFAULT_CAPTION_LANGUAGE);
  const { detection, detect } = useCaptionDetection();
  const credits = useEditor((s) => {
    const request = captionDetectionRequest(s.timeline, { category: s.category, language: 'auto' });
    return request
      ? captionDetectionCredits(captionAudioSeconds(request.tracks, request.globalConfig.fps))
      : null;
  });
  const enabled = useEditor((s) => s.timeline.globalConfig.captions.enabled);
  const busy = detection.phase === 'detecting';
  const percent = busy ? detection.percent : 0;
  return (
    <div className="flex flex-col gap-3 border-b border-zinc-100 pb-3">
      <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
        Language
        <select
          aria-label="Caption language"
          value={language}
          disabled={busy}
          onChange={(event) => setLanguage(event.target.value as CaptionLanguage)}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900"
        >
          {CAPTION_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {CAPTION_LANGUAGE_LABELS[code]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        data-testid="detect-caption"
        disabled={busy || credits === null}
        onClick={() => void detect(language)}
        className="bg-brand-600 hover:bg-brand-700 relative flex items-center justify-center gap-2 overflow-hidden rounded-md px-3 py-2 text-sm font-semibold text-white disabled:opacity-70"
      >
        {busy ? (
          <span
            aria-hidden
            className="absolute inset-y-0 left-0 bg-white/25 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        ) : null}
        <span className="relative">
          {busy
            ? percent < CAPTION_DETECTION_PROGRESS.cap
              ? MESSAGES.editor.detecting
              : MESSAGES.editor.finalizing
            : hasCaptions
              ? MESSAGES.editor.redetectCaption
              : MESSAGES.editor.detectCaption}
        </span>
        {!busy && credits !== null ? (
          <span
            data-testid="detect-caption-price"
            title={`${credits} credits`}
            className="relative flex items-center gap-1 rounded bg-white/20 px-1.5 py-0.5 text-xs"
          >
            <Coins className="size-3" aria-hidden />
            {credits}
          </span>
        ) : null}
      </button>
      {busy ? (
        <div
          role="progressbar"
          aria-label="Caption detection"
          aria-valuenow={Math.round(percent)}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-1 overflow-hidden rounded bg-zinc-100"
        >
          <div className="bg-brand-600 h-full" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <div className="flex items-center justify-between text-sm text-zinc-700">
        <span>Display Caption</span>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-label="Display Caption"
          onClick={() =>
            store.getState().applyCommand((t) => setCaptionsEnabled(t, { enabled: !enabled }))
          }
          className={`relative h-5 w-9 shrink-0 rounded-full transition-colors ${enabled ? 'bg-brand-600' : 'bg-zinc-300'}`}
        >
          <span
            className={`absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-4' : 'translate-x-0'}`}
          />
        </button>
      </div>
    </div>
  );
}

/** One caption: click the text to edit it; Enter commits, Escape reverts, leaving the field ends editing. */
function CaptionRow({ item, current }: { item: TimelineItem; current: boolean }) {
  const store = useEditorStore();
  const fps = useEditor((s) => s.timeline.globalConfig.fps);
  const selected = useEditor((s) => s.selection.length === 1 && s.selection[0] === item.id);
  const text = item.caption?.data.text ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft !== text)
      store.getState().applyCommand((t) => editCaption(t, { itemId: item.id, text: draft }));
    setDraft(null);
  };
  return (
    <li
      data-testid="caption-row"
      data-current={current || undefined}
      className={`flex flex-col gap-0.5 rounded-md border px-2 py-1.5 ${
        current
          ? 'border-brand-500 bg-brand-50'
          : selected
            ? 'border-zinc-300'
            : 'border-transparent bg-zinc-50'
      }`}
    >
      <button
        type="button"
        onClick={() => {
          store.getState().select(item.id);
          store.getState().seek(item.startTimeInFrames);
        }}
        className="self-start text-[11px] text-zinc-500 tabular-nums hover:text-zinc-800"
      >
        {formatFrames(item.startTimeInFrames, fps)} –{' '}
        {formatFrames(item.startTimeInFrames + item.durationInFrames, fps)}
      </button>
      {draft === null ? (
        <button
          type="button"
          data-testid="caption-text"
          style={{ fontFamily: CAPTION_TEXT_FONT_FAMILY }}
          onClick={() => {
            store.getState().select(item.id);
            setDraft(text);
          }}
          className="text-left text-sm text-zinc-800"
        >
          {text}
        </button>
      ) : (
        <input
          aria-label="Caption text"
          style={{ fontFamily: CAPTION_TEXT_FONT_FAMILY }}
          autoFocus
          value={draft}
          maxLength={2000}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            else if (event.key === 'Escape') setDraft(null);
          }}
          onBlur={commit}
          className="focus:border-brand-500 rounded border border-zinc-300 px-1.5 py-1 text-sm outline-none"
        />
      )}
    </li>
  );
}

/**
 * The Captions tab of the media pane (spec 3 §2, §4): detection (hidden when no audio track has
 * items and for character vlogs), the display switch, and the editable list of captions with
 * the one under the playhead highlighted, or 'No caption here'.
 */
export function CaptionsTab() {
  const captions = useEditor(
    useShallow((s) =>
      s.timeline.tracks.filter((t) => t.type === 'caption').flatMap((t) => t.items),
    ),
  );
  const shown = useEditor((s) => captionDetectionShown(s.timeline, s.category));
  const currentId = useEditor((s) => {
    for (const track of s.timeline.tracks) {
      if (track.type !== 'caption') continue;
      const hit = track.items.find(
        (item) =>
          s.frame >= item.startTimeInFrames &&
          s.frame < item.startTimeInFrames + item.durationInFrames,
      );
      if (hit) return hit.id;
    }
    return null;
  });
  return (
    <div data-testid="captions-tab" className="flex flex-col gap-3">
      {shown ? <DetectionControls hasCaptions={captions.length > 0} /> : null}
      {captions.length === 0 ? (
        <p className="p-4 text-center text-sm text-zinc-500">{MESSAGES.editor.noCaption}</p>
      ) : (
        <ol aria-label="Captions" className="flex flex-col gap-1">
          {captions.map((item) => (
            <CaptionRow key={item.id} item={item} current={item.id === currentId} />
          ))}
        </ol>
      )}
    </div>
  );
}
