import { parseBoundedInput } from '@storyloom/core';
import { useEffect, useState } from 'react';

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
 * A property with a slider and a typed input that share their bounds (spec 3 §5): the slider
 * applies as it moves; a typed value applies only when it is a number within the bounds (and on
 * the step grid when asked), otherwise the field is marked invalid and nothing changes.
 */
export function BoundedNumberField(props: BoundedNumberFieldProps) {
  const { label, value, min, max, step, unit } = props;
  const [typed, setTyped] = useState(String(value));
  useEffect(() => setTyped(String(value)), [value]);
  const bounds = { min, max, ...(props.wholeSteps ? { multipleOf: step } : {}) };
  const valid = parseBoundedInput(typed, bounds) !== null;
  const slug = props.testId ?? label.toLowerCase().replaceAll(' ', '-');
  return (
    <div className="flex flex-col gap-1">
      <span className="flex items-center justify-between text-xs font-medium text-zinc-600">
        {label}
        <span className="flex items-center gap-1">
          <input
            type="number"
            aria-label={`${label} value`}
            data-testid={`${slug}-input`}
            aria-invalid={!valid}
            min={min}
            max={max}
            step={step}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              const next = parseBoundedInput(event.target.value, bounds);
              if (next !== null && next !== value) props.onChange(next);
            }}
            onBlur={() => setTyped(String(value))}
            className={`w-16 rounded border px-1.5 py-0.5 text-right text-xs tabular-nums ${
              valid ? 'border-zinc-300' : 'border-red-500 text-red-700'
            }`}
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
