import { MESSAGES, parseBoundedInput } from '@storyloom/core';
import { useEffect, useId, useState } from 'react';

export interface BoundedNumberFieldProps {
  label: string;
  value: number;
  /** Bounds of typed input; the slider may start higher (`sliderMin`). */
  min: number;
  max: number;
  step: number;
  sliderMin?: number;
  /** Typed values must be whole multiples of `step` (e.g. font weight). */
  wholeSteps?: boolean;
  unit?: string;
  testId?: string;
  onChange(value: number): void;
}

/**
 * A typed number input held to its bounds: a value applies only when it is a number within them
 * (and a whole multiple of `multipleOf` when given); otherwise the input is marked invalid, the
 * field's range is shown under it, nothing changes, and leaving it shows the current value again.
 */
export function BoundedNumberInput(props: {
  /** Its accessible name. */
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  multipleOf?: number;
  testId?: string;
  /** Size and text classes; the border shows validity. */
  className: string;
  onChange(value: number): void;
}) {
  const { value, min, max, step } = props;
  const [typed, setTyped] = useState(String(value));
  useEffect(() => setTyped(String(value)), [value]);
  const bounds = { min, max, ...(props.multipleOf ? { multipleOf: props.multipleOf } : {}) };
  const valid = parseBoundedInput(typed, bounds) !== null;
  const hintId = useId();
  const shownMax = max < Number.MAX_SAFE_INTEGER ? max : null;
  return (
    <span className="relative inline-flex">
      <input
        type="number"
        aria-label={props.label}
        {...(props.testId ? { 'data-testid': props.testId } : {})}
        aria-invalid={!valid}
        {...(valid ? {} : { 'aria-describedby': hintId })}
        min={min}
        {...(max < Number.MAX_SAFE_INTEGER ? { max } : {})}
        step={step}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          const next = parseBoundedInput(event.target.value, bounds);
          if (next !== null && next !== value) props.onChange(next);
        }}
        onBlur={() => setTyped(String(value))}
        className={`${props.className} rounded border tabular-nums ${
          valid ? 'border-zinc-300' : 'border-red-500 text-red-700'
        }`}
      />
      {valid ? null : (
        <span
          id={hintId}
          role="alert"
          data-testid={props.testId ? `${props.testId}-range` : undefined}
          className="absolute top-full right-0 z-10 mt-1 w-max max-w-56 rounded bg-red-700 px-2 py-1 text-[11px] font-normal text-white shadow"
        >
          {MESSAGES.editor.valueOutOfRange(min, shownMax, props.multipleOf)}
        </span>
      )}
    </span>
  );
}

/**
 * A property with a slider and a typed input that share their bounds (spec 3 §5): the slider
 * applies as it moves; the typed value applies as BoundedNumberInput says.
 */
export function BoundedNumberField(props: BoundedNumberFieldProps) {
  const { label, value, min, max, step, unit } = props;
  const slug = props.testId ?? label.toLowerCase().replaceAll(' ', '-');
  return (
    <div className="flex flex-col gap-1">
      <span className="flex items-center justify-between text-xs font-medium text-zinc-600">
        {label}
        <span className="flex items-center gap-1">
          <BoundedNumberInput
            label={`${label} value`}
            testId={`${slug}-input`}
            value={value}
            min={min}
            max={max}
            step={step}
            {...(props.wholeSteps ? { multipleOf: step } : {})}
            onChange={(next) => props.onChange(next)}
            className="w-16 px-1.5 py-0.5 text-right text-xs"
          />
          {unit ? <span className="text-zinc-400">{unit}</span> : null}
        </span>
      </span>
      <input
        type="range"
        aria-label={label}
        data-testid={`${slug}-slider`}
        min={props.sliderMin ?? min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => props.onChange(Number(event.target.value))}
        className="accent-brand-600"
      />
    </div>
  );
}
