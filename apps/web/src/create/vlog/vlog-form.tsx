import { characterImageModels, generationCharge, MESSAGES } from '@storyloom/core';
import { useState } from 'react';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { useCreationForm } from '../creation-form';
import {
  AdvancedSection,
  CharacterSection,
  CreationFormLayout,
  MusicSection,
  RatioSection,
} from '../form-sections';
import { withServerDefaults } from '../form-values';
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
import { Section } from '../form-parts';
import { serverModelFields, useModelChoices } from '../model-settings';
import { useGenerationSubmit } from '../use-generation-submit';

/** The Character Vlog form of spec 2 §2, at /story/create/vlog. */
export function VlogForm() {
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

  const {
    values,
    error,
    set,
    update,
    submit: checked,
  } = useCreationForm<VlogFormValues>({
    initial: () => VLOG_DEFAULTS,
    check: vlogFormError,
    onEdit: () => setServerError(null),
  });

  async function submit(isPreview: boolean) {
    // A model the operator does not offer (e.g. the character model offline) is not sent.
    await checked((valid) =>
      submitGeneration(isPreview, () =>
        startCharacterVlog(vlogPayload(withServerDefaults(valid, models.data, true), isPreview)),
      ),
    );
  }

  const full = generationCharge('character_vlog', false).amount;
  const preview = generationCharge('character_vlog', true).amount;
  const shownError = touched || values.characters.length > 0 ? error : null;

  return (
    <CreationFormLayout
      main={
        <>
          <CharacterSection
            title="Character"
            selected={values.characters}
            max={VLOG_CHARACTER_MAX}
            onChange={(characters) => update((v) => withCharacters(v, characters))}
          />
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
        </>
      }
      aside={
        <>
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
          <RatioSection
            choices={VLOG_RATIOS}
            value={values.aspectRatio}
            onChange={(ratio) => set('aspectRatio', ratio)}
          />

          <MusicSection values={values} onChange={(music) => update((v) => ({ ...v, ...music }))} />

          <AdvancedSection
            title="Advanced settings"
            {...serverModelFields(
              models.data,
              values,
              set,
              // The local provider is always offered; cloud models as the characters allow.
              characterImageModels(values.characters).allowed,
            )}
            note={
              <>
                Offline, your character&apos;s own picture is placed into every scene; a cloud image
                model gets it as its reference image.
              </>
            }
          />

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
        </>
      }
      dialogs={previewDialog}
    />
  );
}
