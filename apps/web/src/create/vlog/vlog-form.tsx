import { characterImageModels, generationCharge, MESSAGES } from '@storyloom/core';
import { useState } from 'react';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { CharacterPicker } from '../../characters/character-picker';
import { ExplainerMusicPanel } from '../explainer/explainer-music-panel';
import { ProviderNotice } from '../provider-notice';
import { SubmitBox } from '../submit-box';
import { MentionTopicBox } from './mention-topic-box';
import { startCharacterVlog } from './vlog-api';
import {
  VLOG_CHARACTER_MAX,
  VLOG_DEFAULTS,
  VLOG_RATIOS,
  vlogFormError,
  vlogPayload,
  withCharacters,
  type VlogFormValues,
} from './vlog-form-model';
import { ChoiceRow, Collapsible, Section } from '../form-parts';
import { ModelSettings, serverModelField, useModelChoices } from '../model-settings';
import { useGenerationSubmit } from '../use-generation-submit';

/** The Character Vlog form of spec 2 §2, at /story/create/vlog. */
export function VlogForm() {
  const [values, setValues] = useState<VlogFormValues>(VLOG_DEFAULTS);
  const [touched, setTouched] = useState(false);
  const {
    submit: submitGeneration,
    submitting,
    serverError,
    setServerError,
    previewDialog,
  } = useGenerationSubmit({
    categoryId: 'character_vlog',
    failureMessage: (failure) =>
      failure instanceof Error && failure.message ? failure.message : MESSAGES.generate.vlogFailed,
  });
  const guard = useRequireSignIn();
  const models = useModelChoices();

  const set = <K extends keyof VlogFormValues>(key: K, value: VlogFormValues[K]) => {
    setServerError(null);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const error = vlogFormError(values);

  async function submit(isPreview: boolean) {
    // A model the operator does not offer (e.g. the character model offline) is not sent.
    const imageOffered = (models.data?.image ?? []).some((c) => c.value === values.imageModel);
    const chosen = {
      ...values,
      imageModel:
        values.imageModel === undefined || !imageOffered
          ? models.data?.defaults.image
          : values.imageModel,
      videoModel: values.videoModel === undefined ? models.data?.defaults.video : values.videoModel,
    };
    await submitGeneration(isPreview, () => startCharacterVlog(vlogPayload(chosen, isPreview)));
  }

  const full = generationCharge('character_vlog', false).amount;
  const preview = generationCharge('character_vlog', true).amount;
  const shownError = touched || values.characters.length > 0 ? error : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-5">
        <ProviderNotice />
        <Section title="Character">
          <CharacterPicker
            selected={values.characters}
            max={VLOG_CHARACTER_MAX}
            onChange={(characters) => {
              setServerError(null);
              setValues((v) => withCharacters(v, characters));
            }}
          />
        </Section>
        <Section title="Vlog topic" htmlFor="vlog-topic">
          <MentionTopicBox
            id="vlog-topic"
            value={values.activity}
            characters={values.characters}
            onChange={(activity) => {
              setTouched(true);
              set('activity', activity);
            }}
            placeholder='Type @ to mention your character, e.g. "@Mia is baking bread in her kitchen"'
            invalid={Boolean(shownError)}
          />
          {values.characters.length === 0 ? (
            <p className="text-xs text-amber-700">{MESSAGES.generate.mentionNeedsCharacter}</p>
          ) : null}
          <p className="text-xs text-zinc-500">
            The vlog is told by your character in the first person, one shot for each moment of
            their day.
          </p>
        </Section>
        {shownError ? (
          <p role="alert" className="text-sm text-red-600" data-testid="vlog-form-error">
            {shownError}
          </p>
        ) : null}
      </div>

      <aside className="flex flex-col gap-5">
        <Section title="Title" htmlFor="vlog-title">
          <input
            id="vlog-title"
            value={values.title}
            maxLength={200}
            onChange={(e) => {
              setTouched(true);
              set('title', e.target.value);
            }}
            className="h-10 rounded-xl border border-zinc-300 px-3 text-sm"
          />
        </Section>
        <Section title="Aspect ratio">
          <ChoiceRow
            label="Aspect ratio"
            choices={VLOG_RATIOS}
            value={values.aspectRatio}
            onChange={(ratio) => set('aspectRatio', ratio)}
          />
        </Section>

        <Collapsible title="Background music">
          <ExplainerMusicPanel
            choice={values.backgroundMusic}
            track={values.musicTrack}
            onChange={(choice, track) => {
              setServerError(null);
              setValues((v) => ({ ...v, backgroundMusic: choice, musicTrack: track }));
            }}
          />
        </Collapsible>

        <Collapsible title="Advanced settings">
          <ModelSettings
            image={serverModelField({
              choices: models.data,
              kind: 'image',
              chosen: values.imageModel,
              onChange: (value) => set('imageModel', value),
              // The local provider is always offered; cloud models as the characters allow.
              allowed: characterImageModels(values.characters).allowed,
            })}
            video={serverModelField({
              choices: models.data,
              kind: 'video',
              chosen: values.videoModel,
              onChange: (value) => set('videoModel', value),
            })}
          />
          <p className="text-xs text-zinc-500">
            Offline, your character&apos;s own picture is placed into every scene; a cloud image
            model gets it as its reference image.
          </p>
        </Collapsible>

        <SubmitBox
          category="character_vlog"
          estimate={{ full, preview }}
          labels={{ create: 'Create', preview: 'Preview' }}
          serverError={serverError}
          disabled={submitting}
          onCreate={() => {
            setTouched(true);
            if (!error) guard(() => void submit(false));
          }}
          onPreview={() => {
            setTouched(true);
            if (!error) guard(() => void submit(true));
          }}
        />
      </aside>
      {previewDialog}
    </div>
  );
}
