import {
  MESSAGES,
  musicVideoModelOptions,
  MUSIC_VIDEO_ASPECT_RATIOS,
  SCENE_MAX,
  STORYLINE_MAX,
  VIDEO_TYPE_LABELS,
  type MusicVideoFormType,
} from '@storyloom/core';
import { Disc3 } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { toast } from 'sonner';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { Button } from '../../ui/button';
import { useCreationForm } from '../creation-form';
import {
  AdvancedSection,
  CharacterSection,
  CreationFormLayout,
  RatioSection,
  StyleSection,
} from '../form-sections';
import { SubmitBox } from '../submit-box';
import { startMusicVideo } from './music-video-api';
import {
  musicVideoDraftKey,
  musicVideoEstimate,
  readMusicVideoDraft,
  musicVideoFormError,
  musicVideoPayload,
  valuesForType,
  withModelRules,
  type MusicVideoFormValues,
} from './music-video-form-model';
import { Section, Toggle } from '../form-parts';
import { specModelOptions, useModelChoices } from '../model-settings';
import { useGenerationSubmit } from '../use-generation-submit';
import { SongSource } from './song-source';

const storedDraft = (videoType: MusicVideoFormType) =>
  globalThis.localStorage?.getItem(musicVideoDraftKey(videoType)) ?? null;

/**
 * The music-video form of spec 2 §2 for one video type: header with Re-select, the song, the
 * type's own section, aspect ratios the type allows, advanced options, the credit estimate
 * from core's calculator, Create and Preview.
 */
export function MusicVideoForm(props: { videoType: MusicVideoFormType; onReselect: () => void }) {
  const {
    submit: submitGeneration,
    submitting,
    serverError,
    setServerError,
    previewDialog,
  } = useGenerationSubmit({
    categoryId: 'music_video',
    failureMessage: (failure) =>
      MESSAGES.generate.musicVideoFailed(
        failure instanceof Error ? failure.message : String(failure),
      ),
    onStarted: ({ workflowRunId, isPreview }) => {
      if (!isPreview) toast.success(MESSAGES.generate.musicVideoStarted(workflowRunId));
    },
  });
  const guard = useRequireSignIn();
  const {
    values,
    error,
    update,
    submit: checked,
  } = useCreationForm<MusicVideoFormValues>({
    initial: () => readMusicVideoDraft(storedDraft(props.videoType), props.videoType),
    check: musicVideoFormError,
    // Each type keeps its own draft while editing; the back button clears them (spec 2 §4).
    draftKey: (shown) => musicVideoDraftKey(shown.videoType),
    onEdit: () => setServerError(null),
  });

  // Re-selecting a type opens that type's draft, with the song the creator brought.
  useEffect(() => {
    update((v) =>
      v.videoType === props.videoType
        ? v
        : valuesForType(v, storedDraft(props.videoType), props.videoType),
    );
  }, [props.videoType, update]);

  const set = useCallback(
    <K extends keyof MusicVideoFormValues>(key: K, value: MusicVideoFormValues[K]) =>
      update((v) => withModelRules({ ...v, [key]: value })),
    [update],
  );
  const models = useModelChoices();
  const options = musicVideoModelOptions(values);
  const estimate = musicVideoEstimate(values);
  const type = values.videoType;

  async function submit(isPreview: boolean) {
    await checked((valid) =>
      submitGeneration(isPreview, () => startMusicVideo(musicVideoPayload(valid, isPreview))),
    );
  }

  return (
    <CreationFormLayout
      header={
        <header className="flex items-center justify-between gap-3 rounded-2xl bg-zinc-900 px-4 py-3 text-white">
          <span className="flex items-center gap-2">
            <Disc3 className="size-6 text-fuchsia-300" aria-hidden />
            <span>
              <span className="block text-xs text-white/60">Music video type</span>
              <span className="block font-semibold" data-testid="music-video-type">
                {VIDEO_TYPE_LABELS[type]}
              </span>
            </span>
          </span>
          <Button type="button" variant="secondary" size="sm" onClick={props.onReselect}>
            Re-select
          </Button>
        </header>
      }
      main={
        <>
          <Section title="Music">
            <SongSource
              song={values.song}
              onChange={(song) => set('song', song)}
              library
              linkSources="all"
            />
          </Section>

          {type === 'singing-dancing' || type === 'consistent-character' ? (
            <CharacterSection
              title={type === 'singing-dancing' ? 'Choose Your Artist' : 'Cast Your Actor'}
              selected={values.character ? [values.character] : []}
              max={1}
              onChange={(picked) => set('character', picked[0] ?? null)}
            />
          ) : null}

          {type === 'consistent-style' ? (
            <StyleSection
              title="Choose a Style"
              width="wide"
              style={values.style}
              onStyle={(value) => set('style', value)}
              customStyle={values.customStyle}
              onCustomStyle={(text) => set('customStyle', text)}
            />
          ) : null}

          {type === 'consistent-character' ? (
            <Section
              title="Write Storyline"
              htmlFor="mv-storyline"
              aside={
                <span className="text-xs text-zinc-500 tabular-nums">
                  {values.storyline.length}/{STORYLINE_MAX}
                </span>
              }
            >
              <textarea
                id="mv-storyline"
                value={values.storyline}
                maxLength={STORYLINE_MAX}
                rows={Math.min(10, Math.max(3, values.storyline.split('\n').length + 1))}
                onChange={(e) => set('storyline', e.target.value)}
                placeholder="Optional: what happens to your character, in a few sentences"
                className="rounded-2xl border border-zinc-300 bg-white p-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
              />
            </Section>
          ) : null}

          {type === 'singing-dancing' ? (
            <Section
              title="Set the Scene"
              htmlFor="mv-scene"
              aside={
                <span className="text-xs text-zinc-500 tabular-nums">
                  {values.scene.length}/{SCENE_MAX}
                </span>
              }
            >
              <input
                id="mv-scene"
                value={values.scene}
                maxLength={SCENE_MAX}
                onChange={(e) => set('scene', e.target.value)}
                placeholder="Optional: where your artist performs, e.g. on a rooftop at night"
                className="h-10 rounded-xl border border-zinc-300 px-3 text-sm"
              />
            </Section>
          ) : null}

          {type === 'lyrics-video' ? (
            <Toggle
              label="Animated Video"
              checked={values.animated}
              onChange={(v) => set('animated', v)}
            />
          ) : null}

          <div className="flex flex-col gap-1 rounded-xl border border-zinc-200 px-3 py-2.5">
            <Toggle
              label="One-Take Style"
              checked={values.oneTake}
              onChange={(v) => set('oneTake', v)}
            />
            <p className="text-xs text-zinc-500">
              One continuous camera move: every shot flows into the next, with no hard cut.
            </p>
          </div>
        </>
      }
      aside={
        <>
          <RatioSection
            choices={MUSIC_VIDEO_ASPECT_RATIOS[type]}
            value={values.aspectRatio}
            onChange={(ratio) => set('aspectRatio', ratio)}
          />

          <AdvancedSection
            title="Advanced Options"
            toggles={
              <>
                <Toggle
                  label="Cut on the beat"
                  checked={values.beatSync}
                  onChange={(v) => set('beatSync', v)}
                />
                <Toggle
                  label="B-roll cutaways"
                  checked={values.broll}
                  onChange={(v) => set('broll', v)}
                />
                <Toggle
                  label="Start/End Frame"
                  checked={values.startEndFrame}
                  disabled={options.startEndFrameLocked}
                  onChange={(v) => set('startEndFrame', v)}
                />
                <Toggle
                  label="Auto captions"
                  checked={values.captions}
                  onChange={(v) => set('captions', v)}
                />
              </>
            }
            image={{
              options: specModelOptions(options.imageModels, models.data, 'image'),
              value: values.imageModel,
              onChange: (model) => set('imageModel', model as MusicVideoFormValues['imageModel']),
            }}
            video={{
              options: specModelOptions(options.videoModels, models.data, 'video'),
              value: values.videoModel,
              locked: options.videoModels.length < 2,
              onChange: (model) => set('videoModel', model as MusicVideoFormValues['videoModel']),
            }}
            note={
              options.startEndFrameLocked
                ? 'Consistent style moves every shot from its picture to the next one, on one model.'
                : values.startEndFrame && type !== 'singing-dancing'
                  ? 'Start/End Frame: only models that take an end frame are offered.'
                  : 'Each shot moves from its picture to the next shot’s when Start/End Frame is on.'
            }
          />

          <SubmitBox
            category="music_video"
            estimate={estimate}
            labels={{ create: 'Create', preview: 'Preview' }}
            formError={values.song ? error : null}
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
