import { MESSAGES, SHOT_PROMPT_MAX, type Shot } from '@storyloom/core';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, Eye, EyeOff, ImageOff, LoaderCircle, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import type { ShotRun } from '../shots/use-shot-runs';

type PromptField = 'script' | 'image_prompt' | 'video_prompt';

const FIELDS: { key: PromptField; label: string; placeholder: string }[] = [
  { key: 'script', label: 'Script', placeholder: 'What the voice-over says in this shot' },
  { key: 'image_prompt', label: 'Image prompt', placeholder: 'What the picture shows' },
  { key: 'video_prompt', label: 'Video prompt', placeholder: 'How the picture moves' },
];

/** A text field that keeps its draft while focused and saves it when left. */
function PromptBox(props: {
  label: string;
  placeholder: string;
  value: string;
  disabled: boolean;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(props.value);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setDraft(props.value);
  }, [props.value, focused]);
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-zinc-600">
      {props.label}
      <textarea
        aria-label={props.label}
        value={draft}
        rows={3}
        maxLength={SHOT_PROMPT_MAX}
        disabled={props.disabled}
        placeholder={props.placeholder}
        onFocus={() => setFocused(true)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          setFocused(false);
          if (draft !== props.value) props.onCommit(draft);
        }}
        className="resize-y rounded-lg border border-zinc-200 px-2.5 py-2 text-sm font-normal text-zinc-900 focus:border-brand-500 focus:outline-none disabled:bg-zinc-50"
      />
    </label>
  );
}

export type ShotRowStatus = 'generating' | 'failed' | 'ready' | 'empty' | 'hidden';

/** What a row's status chip says (the failure texts are spec 3 §8's). */
export function shotRowStatus(shot: Shot, run: ShotRun | undefined): ShotRowStatus {
  if (run && (run.status === 'pending' || run.status === 'generating')) return 'generating';
  if (shot.is_hidden) return 'hidden';
  if (run?.status === 'failed') return 'failed';
  return shot.active_image_url || shot.active_video_url ? 'ready' : 'empty';
}

const STATUS_TEXT: Record<ShotRowStatus, string> = {
  generating: 'Generating…',
  failed: MESSAGES.editor.failedShotStatus,
  ready: 'Ready',
  empty: 'Not generated',
  hidden: 'Hidden',
};

/**
 * One storyboard shot in the list view: its number, active picture and clip, script and
 * prompts (saved when a field is left), status, Generate with its credit cost, move up/down,
 * hide/unhide.
 */
export function ShotRow(props: {
  shot: Shot;
  index: number;
  run: ShotRun | undefined;
  credits: number;
  isFirst: boolean;
  isLast: boolean;
  onChange: (patch: Partial<Shot>) => void;
  onGenerate: () => void;
  onMove: (direction: -1 | 1) => void;
  onToggleHidden: () => void;
}) {
  const { shot } = props;
  const status = shotRowStatus(shot, props.run);
  const busy = status === 'generating';
  const picture = shot.active_image_url;
  return (
    <li
      data-testid="shot-row"
      data-shot-id={shot.shot_id}
      data-status={status}
      className={clsx(
        'grid gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm md:grid-cols-[11rem_minmax(0,1fr)_9rem]',
        shot.is_hidden && 'opacity-60',
      )}
    >
      <div className="flex flex-col gap-2">
        <span className="text-xs font-semibold text-zinc-500">Shot {props.index + 1}</span>
        <div className="relative aspect-video overflow-hidden rounded-lg bg-zinc-100">
          {shot.active_video_url ? (
            <video
              data-testid="shot-active-video"
              src={shot.active_video_url}
              poster={picture ?? undefined}
              muted
              preload="metadata"
              className="size-full object-cover"
            />
          ) : picture ? (
            <img
              data-testid="shot-active-image"
              src={picture}
              alt={`Shot ${props.index + 1}`}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-zinc-400">
              <ImageOff className="size-6" aria-hidden />
            </div>
          )}
          {busy ? (
            <div className="absolute inset-0 flex items-center justify-center bg-white/60">
              <LoaderCircle className="size-6 animate-spin text-brand-600" aria-hidden />
            </div>
          ) : null}
        </div>
      </div>
      <div className="grid min-w-0 gap-3 lg:grid-cols-3">
        {FIELDS.map((field) => (
          <PromptBox
            key={field.key}
            label={field.label}
            placeholder={field.placeholder}
            value={shot[field.key] ?? ''}
            disabled={busy}
            onCommit={(value) => props.onChange({ [field.key]: value })}
          />
        ))}
      </div>
      <div className="flex flex-col gap-2">
        <span
          data-testid="shot-status"
          className={clsx(
            'w-fit rounded-full px-2 py-0.5 text-xs font-medium',
            status === 'ready' && 'bg-emerald-50 text-emerald-700',
            status === 'failed' && 'bg-red-50 text-red-700',
            status === 'generating' && 'bg-brand-50 text-brand-700',
            (status === 'empty' || status === 'hidden') && 'bg-zinc-100 text-zinc-600',
          )}
        >
          {STATUS_TEXT[status]}
        </span>
        {status === 'failed' ? (
          <p className="text-xs text-red-700">{MESSAGES.editor.failedShotOverlay}</p>
        ) : null}
        <Button
          size="xs"
          disabled={busy || shot.is_hidden === true}
          onClick={props.onGenerate}
          title={`${props.credits} credits`}
        >
          <Sparkles className="size-3.5" aria-hidden />
          {shot.active_image_url ? 'Regenerate' : 'Generate'} · {props.credits}
        </Button>
        <div className="flex gap-1">
          <Button
            size="xs"
            variant="ghost"
            aria-label="Move up"
            disabled={props.isFirst}
            onClick={() => props.onMove(-1)}
          >
            <ArrowUp className="size-3.5" aria-hidden />
          </Button>
          <Button
            size="xs"
            variant="ghost"
            aria-label="Move down"
            disabled={props.isLast}
            onClick={() => props.onMove(1)}
          >
            <ArrowDown className="size-3.5" aria-hidden />
          </Button>
          <Button
            size="xs"
            variant="ghost"
            aria-label={shot.is_hidden ? 'Unhide shot' : 'Hide shot'}
            onClick={props.onToggleHidden}
          >
            {shot.is_hidden ? (
              <Eye className="size-3.5" aria-hidden />
            ) : (
              <EyeOff className="size-3.5" aria-hidden />
            )}
          </Button>
        </div>
      </div>
    </li>
  );
}
