import { MESSAGES, TWO_RATIOS } from '@storyloom/core';
import { toast } from 'sonner';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { useCreationForm } from '../creation-form';
import { AdvancedSection, CreationFormLayout, RatioSection } from '../form-sections';
import { Section, Toggle } from '../form-parts';
import { specModelOptions, useModelChoices } from '../model-settings';
import { SubmitBox } from '../submit-box';
import { useGenerationSubmit } from '../use-generation-submit';
import {
  LYRICS_DEFAULTS,
  LYRICS_MODEL_OPTIONS,
  lyricsEstimate,
  lyricsFormError,
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
  const {
    values,
    error,
    set,
    submit: checked,
  } = useCreationForm<LyricsFormValues>({
    initial: () => LYRICS_DEFAULTS,
    check: lyricsFormError,
    onEdit: () => setServerError(null),
  });

  async function submit(isPreview: boolean) {
    await checked((valid) =>
      submitGeneration(isPreview, () => startLyricsVideo(lyricsPayload(valid, isPreview))),
    );
  }

  return (
    <CreationFormLayout
      main={
        <>
          <Section title="Music">
            <SongSource
              song={values.song}
              onChange={(song) => set('song', song)}
              library={false}
              linkSources="suno"
            />
            <p className="text-xs text-zinc-500">
              The words are heard in the song&apos;s vocals (English, offline speech recognition)
              and appear in time with the singing.
            </p>
          </Section>
          <Toggle
            label="Animated Video"
            checked={values.animated}
            onChange={(v) => set('animated', v)}
          />
        </>
      }
      aside={
        <>
          <RatioSection
            choices={TWO_RATIOS}
            value={values.aspectRatio}
            onChange={(ratio) => set('aspectRatio', ratio)}
          />
          <AdvancedSection
            title="Advanced Options"
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
            note={
              values.animated
                ? 'Each picture becomes a short clip made by the video model.'
                : 'Turn on Animated Video to make clips with a video model.'
            }
          />
          <SubmitBox
            category="music_video"
            estimate={lyricsEstimate(values)}
            labels={{ create: 'Create', preview: 'Preview' }}
            serverError={serverError}
            disabled={Boolean(error) || submitting}
            onCreate={() => guard(() => void submit(false))}
            onPreview={() => guard(() => void submit(true))}
          />
        </>
      }
      dialogs={previewDialog}
    />
  );
}
