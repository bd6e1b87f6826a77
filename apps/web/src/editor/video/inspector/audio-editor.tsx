import {
  fadeBounds,
  parseBoundedNumber,
  PROPERTY_BOUNDS,
  type Effect,
  type PropertyBounds,
  type TimelineItem,
} from '@storyloom/core';
import { hasSource } from '@storyloom/timeline';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useEditor, useEditorStore } from '../store/editor-context';

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One property: a slider and a typed input sharing the same bounds (spec 3 §5). The slider
 * applies when let go; the typed value applies on Enter or leaving the field, only when it is a
 * number within the bounds (otherwise the field goes back to the current value).
 */
function PropertyControl({
  label,
  testId,
  value,
  bounds,
  shown,
  scale = 1,
  unit,
  onCommit,
}: {
  label: string;
  testId: string;
  value: number;
  bounds: PropertyBounds;
  /** The value as the field shows it (e.g. 55 for a volume of 0.55). */
  shown: (value: number) => string;
  /** Shown value ÷ scale = value. */
  scale?: number;
  unit: string;
  onCommit: (value: number) => void;
}) {
  const [draft, setDraft] = useState<number | null>(null);
  const [text, setText] = useState(shown(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(shown(value));
    setInvalid(false);
  }, [value, shown]);

  const commitSlider = () => {
    if (draft !== null && draft !== value) onCommit(draft);
    setDraft(null);
  };
  const commitText = () => {
    const parsed = parseBoundedNumber(text, bounds, scale);
    if (parsed === null) {
      setInvalid(text.trim() !== shown(value));
      setText(shown(value));
      return;
    }
    setInvalid(false);
    if (Math.abs(parsed - value) > 1e-9) onCommit(parsed);
    else setText(shown(value));
  };

  const sliderValue = draft ?? value;
  return (
    <div className="flex flex-col gap-1 text-zinc-700" data-testid={`${testId}-control`}>
      <span className="flex items-center justify-between gap-2">
        <label htmlFor={`${testId}-input`}>{label}</label>
        <output data-testid={testId} className="text-zinc-900 tabular-nums">
          {shown(sliderValue)}
          {unit}
        </output>
      </span>
      <span className="flex items-center gap-2">
        <input
          type="range"
          aria-label={label}
          data-testid={`${testId}-slider`}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={sliderValue}
          disabled={bounds.max <= bounds.min}
          onChange={(event) => {
            setDraft(Number(event.target.value));
            setText(shown(Number(event.target.value)));
          }}
          onPointerUp={commitSlider}
          onKeyUp={commitSlider}
          onBlur={commitSlider}
          className="min-w-0 flex-1 accent-brand-600"
        />
        <input
          id={`${testId}-input`}
          data-testid={`${testId}-input`}
          inputMode="decimal"
          aria-invalid={invalid || undefined}
          aria-label={`${label} (${unit})`}
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, 12))}
          onBlur={commitText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitText();
            if (event.key === 'Escape') setText(shown(value));
          }}
          className={clsx(
            'w-14 rounded-md px-1.5 py-0.5 text-right text-sm tabular-nums ring-1 outline-none focus:ring-brand-500',
            invalid ? 'ring-red-400' : 'ring-zinc-200',
          )}
        />
      </span>
    </div>
  );
}

const percent = (value: number) => String(Math.round(value * 100));
const plain = (value: number) => String(round(value));

/**
 * The Audio Editor (spec 3 §2, §5): volume (shown as %), speed, fade in and fade out for
 * sounds and clips; display duration and fades for pictures. Each change is one undoable
 * timeline command, synchronised like any edit.
 */
export function AudioEditor({ item }: { item: TimelineItem }) {
  const store = useEditorStore();
  const fps = useEditor((s) => s.timeline.globalConfig.fps);
  const fade = (type: Effect['type']) =>
    round((item.effects?.find((effect) => effect.type === type)?.durationInFrames ?? 0) / fps);
  const fades = fadeBounds(item.durationInFrames, fps);
  const actions = store.getState();
  return (
    <div className="flex flex-col gap-4" data-testid="audio-editor">
      {hasSource(item.type) ? (
        <>
          <PropertyControl
            label="Volume"
            testId="property-volume"
            value={item.volume}
            bounds={PROPERTY_BOUNDS.volume}
            shown={percent}
            scale={100}
            unit="%"
            onCommit={(volume) => actions.setVolume(item.id, volume)}
          />
          <PropertyControl
            label="Speed"
            testId="property-speed"
            value={item.speed}
            bounds={PROPERTY_BOUNDS.speed}
            shown={plain}
            unit="×"
            onCommit={(speed) => actions.setSpeed(item.id, speed)}
          />
        </>
      ) : null}
      {item.type === 'image' ? (
        <PropertyControl
          label="Duration"
          testId="property-image-duration"
          value={round(item.durationInFrames / fps, 1)}
          bounds={PROPERTY_BOUNDS.imageDuration}
          shown={plain}
          unit="s"
          onCommit={(seconds) => actions.setImageDuration(item.id, seconds)}
        />
      ) : null}
      <PropertyControl
        label="Fade in"
        testId="property-fade-in"
        value={fade('fade-in')}
        bounds={fades}
        shown={plain}
        unit="s"
        onCommit={(seconds) => actions.setFade(item.id, 'fade-in', seconds)}
      />
      <PropertyControl
        label="Fade out"
        testId="property-fade-out"
        value={fade('fade-out')}
        bounds={fades}
        shown={plain}
        unit="s"
        onCommit={(seconds) => actions.setFade(item.id, 'fade-out', seconds)}
      />
    </div>
  );
}
