import {
  ASMR_MATERIALS,
  ASMR_SHOT_OPTIONS,
  ASMR_STYLES,
  IMAGE_MODELS,
  MOTION_VIDEO_MODELS,
  type AsmrType,
} from '@storyloom/core';
import { clsx } from 'clsx';
import { Volume2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { requestJson } from '../../lib/api-client';
import { useCreationForm } from '../creation-form';
import { AdvancedSection, CreationFormLayout, MusicSection, RatioSection } from '../form-sections';
import { useGenerationSubmit } from '../use-generation-submit';
import { Section } from '../form-parts';
import { specModelOptions, useModelChoices } from '../model-settings';
import { previewUrls } from '../preview-scenes';
import { SubmitBox } from '../submit-box';
import {
  ASMR_DRAFT_KEY,
  asmrEstimate,
  asmrFormError,
  asmrPayload,
  chooseStyle,
  readAsmrDraft,
  type AsmrFormValues,
} from './asmr-form-model';

const styleSound = (type: AsmrType) => `/api/asmr/styles/${type}/sound`;

function startAsmrVideo(values: AsmrFormValues, isPreview: boolean) {
  return requestJson(
    '/stories/workflow/generate_asmr_video',
    z.object({ workflowRunId: z.string() }),
    {
      method: 'POST',
      body: asmrPayload(values, isPreview),
    },
  );
}

/** The material in a scene made from a template, when the scene still ends with one chip. */
function chosenMaterial(script: string): string | null {
  return ASMR_MATERIALS.find((material) => script.endsWith(` ${material}`)) ?? null;
}

/**
 * The ASMR form of spec 2 §2–§5 at /story/create/asmr: the style grid (hovering or touching a
 * style plays its sound), the scene editor with material chips, video format, number of shots,
 * background ambience (music under the style's own sound), advanced settings, Create and
 * Preview. The draft is kept in local storage until a submit succeeds.
 */
export function AsmrForm() {
  const {
    submit: submitGeneration,
    submitting,
    serverError,
    setServerError,
    previewDialog,
  } = useGenerationSubmit({
    categoryId: 'asmr_video',
    onStarted: () => localStorage.removeItem(ASMR_DRAFT_KEY),
  });
  const preview = useRef<HTMLAudioElement | null>(null);
  const guard = useRequireSignIn();

  useEffect(() => () => preview.current?.pause(), []);

  const {
    values,
    error,
    update,
    submit: checked,
  } = useCreationForm<AsmrFormValues>({
    initial: () => readAsmrDraft(globalThis.localStorage?.getItem(ASMR_DRAFT_KEY) ?? null),
    check: asmrFormError,
    draftKey: ASMR_DRAFT_KEY,
    onEdit: () => setServerError(null),
  });
  const set = (next: AsmrFormValues) => update(() => next);
  const models = useModelChoices();
  const estimate = asmrEstimate(values.numShots);

  function play(type: AsmrType, seconds?: number) {
    preview.current?.pause();
    const audio = new Audio(styleSound(type));
    audio.volume = 0.6;
    preview.current = audio;
    void audio.play().catch(() => undefined);
    // A touch plays for one second (spec 2 §3).
    if (seconds) setTimeout(() => audio.pause(), seconds * 1000);
  }

  async function submit(isPreview: boolean) {
    await checked((valid) => submitGeneration(isPreview, () => startAsmrVideo(valid, isPreview)));
  }

  const material = chosenMaterial(values.script);
  return (
    <CreationFormLayout
      main={
        <>
          <Section title="ASMR Style">
            <div
              className="grid grid-cols-2 gap-3 sm:grid-cols-4"
              role="radiogroup"
              aria-label="ASMR Style"
            >
              {ASMR_STYLES.map((style) => (
                <button
                  key={style.value}
                  type="button"
                  role="radio"
                  aria-checked={values.asmrType === style.value}
                  onClick={() => set(chooseStyle(values, style.value, material ?? undefined))}
                  onMouseEnter={() => play(style.value)}
                  onMouseLeave={() => preview.current?.pause()}
                  onTouchStart={() => play(style.value, 1)}
                  className={clsx(
                    'group relative overflow-hidden rounded-2xl border-2 text-left transition',
                    values.asmrType === style.value
                      ? 'border-brand-600 ring-2 ring-brand-100'
                      : 'border-transparent hover:border-zinc-300',
                  )}
                >
                  <img
                    src={previewUrls.asmr(style.value)}
                    alt=""
                    loading="lazy"
                    className="aspect-[4/3] w-full bg-zinc-100 object-cover transition group-hover:scale-105"
                  />
                  <span className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-gradient-to-t from-black/70 to-transparent px-2.5 pt-6 pb-2 text-sm font-semibold text-white">
                    {style.name}
                    <Volume2 className="size-3.5 opacity-80" aria-hidden />
                  </span>
                </button>
              ))}
            </div>
          </Section>

          {values.asmrType ? (
            <Section title="Scene">
              <textarea
                aria-label="Scene"
                value={values.script}
                onChange={(e) => set({ ...values, script: e.target.value })}
                rows={3}
                className="rounded-2xl border border-zinc-300 bg-white p-3 text-sm text-zinc-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
              />
              <div className="flex flex-wrap gap-2" aria-label="Materials">
                {ASMR_MATERIALS.map((chip) => (
                  <button
                    key={chip}
                    type="button"
                    aria-pressed={material === chip}
                    onClick={() => set(chooseStyle(values, values.asmrType!, chip))}
                    className={clsx(
                      'rounded-full border px-3 py-1 text-xs font-medium',
                      material === chip
                        ? 'border-brand-600 bg-brand-50 text-brand-700'
                        : 'border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-100',
                    )}
                  >
                    {chip}
                  </button>
                ))}
              </div>
              {error && values.script.length > 0 ? (
                <p role="alert" className="text-sm text-red-600">
                  {error}
                </p>
              ) : null}
            </Section>
          ) : null}
        </>
      }
      aside={
        <>
          <RatioSection
            title="Video Format"
            choices={['16:9', '9:16'] as const}
            value={values.aspectRatio}
            onChange={(ratio) => set({ ...values, aspectRatio: ratio })}
          />

          <Section title="Number of Shots">
            <select
              aria-label="Number of Shots"
              value={values.numShots}
              onChange={(e) => set({ ...values, numShots: Number(e.target.value) })}
              className="h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm"
            >
              {ASMR_SHOT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Section>

          <MusicSection
            title="Background Ambience"
            note="The style's own sound always plays; music, when chosen, plays quietly under it."
            values={values}
            onChange={(music) => set({ ...values, ...music })}
          />

          <AdvancedSection
            title="Advanced Settings"
            image={{
              options: specModelOptions(IMAGE_MODELS, models.data, 'image'),
              value: values.imageModel,
              onChange: (model) =>
                set({ ...values, imageModel: model as AsmrFormValues['imageModel'] }),
            }}
            video={{
              options: specModelOptions(MOTION_VIDEO_MODELS, models.data, 'video'),
              value: values.videoModel,
              onChange: (model) =>
                set({ ...values, videoModel: model as AsmrFormValues['videoModel'] }),
            }}
          />

          <SubmitBox
            category="asmr_video"
            estimate={estimate}
            labels={{ create: 'Create story', preview: 'Preview storyboard' }}
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
