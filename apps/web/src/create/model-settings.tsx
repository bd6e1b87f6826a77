import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { fetchModelChoices, type ModelChoices } from './explainer/explainer-api';

/** One entry of a model list: its value ('' is the server's local provider) and label. */
export interface ModelOption {
  value: string;
  label: string;
}

/** One model list of the advanced settings (image or video). */
export interface ModelField {
  options: readonly ModelOption[];
  value: string;
  onChange: (value: string) => void;
  /** Fixed by the form's rules (e.g. consistent-style's video model). */
  locked?: boolean;
}

const LABELS = { image: 'Image model', video: 'Video model' } as const;

/**
 * The image and video model choices of every creation form's advanced settings (spec 2 §2):
 * two lists, and what the form adds (toggles, a note) below them.
 */
export function ModelSettings(props: {
  image: ModelField;
  video: ModelField;
  children?: ReactNode;
}) {
  return (
    <>
      {(['image', 'video'] as const).map((kind) => {
        const field = props[kind];
        return (
          <label key={kind} className="flex flex-col gap-1 text-xs text-zinc-600">
            {LABELS[kind]}
            <select
              aria-label={LABELS[kind]}
              data-testid={`${kind}-model`}
              value={field.value}
              disabled={field.locked || field.options.length < 2}
              onChange={(e) => field.onChange(e.target.value)}
              className="h-9 rounded-xl border border-zinc-300 bg-white px-2 text-sm text-zinc-800 disabled:bg-zinc-50"
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      {props.children}
    </>
  );
}

/** The server's model choices (configured vendors and its local providers). */
export function useModelChoices() {
  return useQuery({ queryKey: ['model-choices'], queryFn: fetchModelChoices, staleTime: Infinity });
}

/**
 * A model list of the server's own choices (the explainer and vlog forms offer only what can
 * run): configured spec models — of `allowed` when the form's rules restrict them — and its
 * local provider (value ''). A choice not offered (or none yet) shows the server's default.
 */
export function serverModelField(args: {
  choices: ModelChoices | undefined;
  kind: 'image' | 'video';
  /** The form's choice: a model, null for the local provider, undefined when untouched. */
  chosen: string | null | undefined;
  onChange: (value: string | null) => void;
  allowed?: readonly string[] | null;
}): ModelField {
  const options = (args.choices?.[args.kind] ?? [])
    .filter((c) => c.value === null || !args.allowed || args.allowed.includes(c.value))
    .map((c) => ({
      value: c.value ?? '',
      label: c.value === null ? `${c.label} (local)` : c.label,
    }));
  const chosen = args.chosen === null ? '' : args.chosen;
  const offered = chosen !== undefined && options.some((o) => o.value === chosen);
  return {
    options,
    value: offered ? chosen : (args.choices?.defaults[args.kind] ?? ''),
    onChange: (value) => args.onChange(value === '' ? null : value),
  };
}

/**
 * A form's spec models as options (the music and ASMR forms, whose rules name models): each
 * model the operator configured by its name; any other says which local provider makes it on
 * this server, since a request for it runs there.
 */
export function specModelOptions(
  models: readonly string[],
  choices: ModelChoices | undefined,
  kind: 'image' | 'video',
): ModelOption[] {
  const configured = new Set((choices?.[kind] ?? []).map((choice) => choice.value));
  const local = choices?.[kind].find((choice) => choice.value === null)?.label;
  return models.map((model) => ({
    value: model,
    label: configured.has(model) || !local ? model : `${model} (here: ${local})`,
  }));
}

/** The image and video lists of a form offering the server's models (explainer, vlog). */
export function serverModelFields(
  choices: ModelChoices | undefined,
  values: { imageModel: string | null | undefined; videoModel: string | null | undefined },
  set: (key: 'imageModel' | 'videoModel', value: string | null) => void,
  /** The image models the form's rules allow (the characters'), when they restrict them. */
  allowedImage?: readonly string[] | null,
): { image: ModelField; video: ModelField } {
  return {
    image: serverModelField({
      choices,
      kind: 'image',
      chosen: values.imageModel,
      onChange: (value) => set('imageModel', value),
      allowed: allowedImage,
    }),
    video: serverModelField({
      choices,
      kind: 'video',
      chosen: values.videoModel,
      onChange: (value) => set('videoModel', value),
    }),
  };
}
