import { MESSAGES, TWO_RATIOS } from '@storyloom/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { ChoiceRow, Collapsible, Section, Toggle } from '../form-parts';
import { ModelSettings, specModelOptions, useModelChoices } from '../model-settings';
import { ProviderNotice } from '../provider-notice';
import { SubmitBox } from '../submit-box';
import { useGenerationSubmit } from '../use-generation-submit';
import {
  LYRICS_DEFAULTS,
  LYRICS_MODEL_OPTIONS,
  lyricsEstimate,
  lyricsPayload,
  type LyricsFormValues,
} from './lyrics-form-model';
import { startLyricsVideo } from './music-video-api';
import { SongSource } from './song-source';

/**
 * The lyrics video form (spec 2 §2): the song (an upload or a Suno link — Suno only in this
 * form), the Animated Video toggle, the aspect ratio (16:9 or 9:16), the image and video
 * models, the estimate, Create and Preview. The words are heard in the song.
 */
export function LyricsForm() {
  const [values, setValues] = useState<LyricsFormValues>(LYRICS_DEFAULTS);
  const {
    submit: submitGeneration,
    submitting,
    serverError,
    setServerError,
    previewDialog,
  } = useGenerationSubmit({
    categoryId: 'lyrics_video',
    onStarted: ({ workflowRunId, isPreview }) => {
      if (!isPreview) toast.success(MESSAGES.generate.musicVideoStarted(workflowRunId));
    },
  });
  const guard = useRequireSignIn();
  const models = useModelChoices();
  const set = <K extends keyof LyricsFormValues>(key: K, value: LyricsFormValues[K]) => {
    setServerError(null);
    setValues((v) => ({ ...v, [key]: value }));
  };

  async function submit(isPreview: boolean) {
    if (!values.song) return;
    await submitGeneration(isPreview, () => startLyricsVideo(lyricsPayload(values, isPreview)));
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-5">
        <ProviderNotice />
        <Section title="Music">
          <SongSource
            song={values.song}
            onChange={(song) => set('song', song)}
            library={false}
            linkSources="suno"
          />
          <p className="text-xs text-zinc-500">
            The words are heard in the song&apos;s vocals (English, offline speech recognition) and
            appear in time with the singing.
          </p>
        </Section>
        <Toggle
          label="Animated Video"
          checked={values.animated}
          onChange={(v) => set('animated', v)}
        />
      </div>
      <aside className="flex flex-col gap-5">
        <Section title="Aspect ratio">
          <ChoiceRow
            label="Aspect ratio"
            choices={TWO_RATIOS}
            value={values.aspectRatio}
            onChange={(ratio) => set('aspectRatio', ratio)}
          />
        </Section>
        <Collapsible title="Advanced Options">
          <ModelSettings
            image={{
              options: specModelOptions(LYRICS_MODEL_OPTIONS.imageModels, models.data, 'image'),
              value: values.imageModel,
              onChange: (model) => set('imageModel', model as LyricsFormValues['imageModel']),
            }}
            video={{
              options: specModelOptions(LYRICS_MODEL_OPTIONS.videoModels, models.data, 'video'),
              value: values.videoModel,
              locked: !values.animated,
              onChange: (model) => set('videoModel', model as LyricsFormValues['videoModel']),
            }}
          >
            <p className="text-xs text-zinc-500">
              {values.animated
                ? 'Each picture becomes a short clip made by the video model.'
                : 'Turn on Animated Video to make clips with a video model.'}
            </p>
          </ModelSettings>
        </Collapsible>
        <SubmitBox
          category="music_video"
          estimate={lyricsEstimate(values)}
          labels={{ create: 'Create', preview: 'Preview' }}
          serverError={serverError}
          disabled={!values.song || submitting}
          onCreate={() => guard(() => void submit(false))}
          onPreview={() => guard(() => void submit(true))}
        />
      </aside>
      {previewDialog}
    </div>
  );
}
