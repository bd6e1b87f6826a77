import {
  calculateCredits,
  DEFAULT_MODEL_CONFIGS,
  MESSAGES,
  TWO_RATIOS,
  type AspectRatio,
} from '@storyloom/core';
import { clsx } from 'clsx';
import { useState } from 'react';
import { toast } from 'sonner';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { SubmitBox } from '../submit-box';
import { startLyricsVideo } from './music-video-api';
import type { ChosenSong } from './music-video-form-model';
import { SongDialog } from './song-dialog';
import { SongPanel } from './song-panel';
import { useGenerationSubmit } from '../use-generation-submit';

/**
 * The lyrics video form (spec 2 §2): the song, the Animated Video toggle, the aspect ratio
 * (16:9 or 9:16), the estimate, Create and Preview. The words are heard in the song.
 */
export function LyricsForm() {
  const [song, setSong] = useState<ChosenSong | null>(null);
  const [animated, setAnimated] = useState(false);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>('16:9');
  const [dialog, setDialog] = useState(false);
  const {
    submit: submitGeneration,
    submitting,
    serverError,
    previewDialog,
  } = useGenerationSubmit({
    categoryId: 'lyrics_video',
    onStarted: ({ workflowRunId, isPreview }) => {
      if (!isPreview) toast.success(MESSAGES.generate.musicVideoStarted(workflowRunId));
    },
  });
  const guard = useRequireSignIn();
  const estimate = (preview: boolean) =>
    calculateCredits({
      category: 'music_video',
      videoType: 'lyrics-video',
      musicDuration: song?.duration ?? null,
      imageModelConfig: DEFAULT_MODEL_CONFIGS.lyrics.image,
      videoModelConfig: DEFAULT_MODEL_CONFIGS.lyrics.video,
      skipVideoGeneration: !animated,
      preview,
    }).totalCredits;

  async function submit(isPreview: boolean) {
    if (!song) return;
    await submitGeneration(isPreview, () =>
      startLyricsVideo({
        music_url: song.url,
        music_duration: song.duration,
        aspect_ratio: aspectRatio === '1:1' ? '16:9' : aspectRatio,
        skip_video_generation: !animated,
        ...(isPreview ? { is_preview: true } : {}),
      }),
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-5">
        <section className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-zinc-800">Music</h2>
          <SongPanel
            song={song}
            onUpload={() => guard(() => setDialog(true))}
            onClear={() => setSong(null)}
          />
          <p className="text-xs text-zinc-500">
            The words are heard in the song&apos;s vocals (English, offline speech recognition) and
            appear in time with the singing.
          </p>
        </section>
        <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-zinc-800">
          Animated Video
          <input
            type="checkbox"
            role="switch"
            checked={animated}
            onChange={(e) => setAnimated(e.target.checked)}
            className="size-4 accent-brand-600"
          />
        </label>
      </div>
      <aside className="flex flex-col gap-5">
        <section className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-zinc-800">Aspect ratio</h2>
          <div className="flex gap-2" role="radiogroup" aria-label="Aspect ratio">
            {TWO_RATIOS.map((ratio) => (
              <button
                key={ratio}
                type="button"
                role="radio"
                aria-checked={aspectRatio === ratio}
                onClick={() => setAspectRatio(ratio)}
                className={clsx(
                  'flex-1 rounded-xl border px-3 py-2 text-sm font-medium',
                  aspectRatio === ratio
                    ? 'border-brand-600 bg-brand-50 text-brand-700'
                    : 'border-zinc-200 text-zinc-700',
                )}
              >
                {ratio}
              </button>
            ))}
          </div>
        </section>
        <SubmitBox
          category="music_video"
          estimate={{ full: estimate(false), preview: estimate(true) }}
          labels={{ create: 'Create', preview: 'Preview' }}
          serverError={serverError}
          disabled={!song || submitting}
          onCreate={() => guard(() => void submit(false))}
          onPreview={() => guard(() => void submit(true))}
        />
      </aside>
      <SongDialog open={dialog} onOpenChange={setDialog} onChosen={setSong} />
      {previewDialog}
    </div>
  );
}
