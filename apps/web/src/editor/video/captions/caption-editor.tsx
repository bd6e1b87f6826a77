import {
  CAPTION_BOUNDS,
  CAPTION_FONTS,
  CAPTION_PRESET_NAMES,
  CAPTION_PRESETS,
  MESSAGES,
  normalizeColor,
  resolveCaptionStyle,
  type CaptionFont,
  type CaptionPresetName,
  type CaptionStyleOverride,
  type TimelineItem,
} from '@storyloom/core';
import {
  captionTimingRange,
  clearGlobalCaptionStyle,
  editCaption,
  setCaptionStyle,
} from '@storyloom/timeline';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { BoundedNumberField, BoundedNumberInput } from '../inspector/bounded-number-field';
import { useEditor, useEditorStore } from '../store/editor-context';
import { CAPTION_TEXT_FONT_FAMILY } from './use-caption-fonts';

const NONE = 'rgba(0, 0, 0, 0.00)';

/**
 * A preset as a style change: its look (colours, background box, shadow, stroke, placement),
 * with no shadow or stroke where the preset has none; the font and size chosen stay.
 */
function presetStyle(name: CaptionPresetName): CaptionStyleOverride {
  const preset = CAPTION_PRESETS[name];
  return {
    color: preset.color,
    backgroundColor: preset.backgroundColor,
    borderRadius: preset.borderRadius,
    height: preset.height,
    shadowColor: preset.shadowColor ?? NONE,
    strokeColor: preset.strokeColor ?? NONE,
  };
}

/** The preset a style matches (its colours and box), or '' when it was changed since. */
function matchingPreset(style: CaptionStyleOverride): CaptionPresetName | '' {
  const keys = ['color', 'backgroundColor', 'shadowColor', 'strokeColor', 'borderRadius'] as const;
  return (
    CAPTION_PRESET_NAMES.find((name) => {
      const preset = presetStyle(name);
      return keys.every((key) => (preset[key] ?? NONE) === (style[key] ?? NONE));
    }) ?? ''
  );
}

const presetLabel = (name: string) =>
  name
    .split('_')
    .map((word) => (word === 'bg' ? 'background' : word))
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());

/** A colour as rgba(): typed in any CSS hex/rgb/rgba form, or picked; applied when it parses. */
function ColorField(props: { label: string; value: string; onChange(value: string): void }) {
  const [typed, setTyped] = useState(props.value);
  useEffect(() => setTyped(props.value), [props.value]);
  const valid = normalizeColor(typed) !== null;
  const channels = /rgba\((\d+), (\d+), (\d+), ([\d.]+)\)/.exec(props.value);
  const hex = channels
    ? `#${[1, 2, 3].map((i) => Number(channels[i]).toString(16).padStart(2, '0')).join('')}`
    : '#ffffff';
  const alpha = channels ? Number(channels[4]) : 1;
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
      {props.label}
      <span className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${props.label} picker`}
          value={hex}
          onChange={(event) => {
            const picked = normalizeColor(event.target.value);
            const rgba = picked?.replace(/[\d.]+\)$/, `${alpha.toFixed(2)})`);
            if (rgba) props.onChange(rgba);
          }}
          className="h-7 w-9 cursor-pointer rounded border border-zinc-300 bg-white"
        />
        <input
          aria-label={props.label}
          aria-invalid={!valid}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            const rgba = normalizeColor(event.target.value);
            if (rgba && rgba !== props.value) props.onChange(rgba);
          }}
          onBlur={() => setTyped(props.value)}
          className={`min-w-0 flex-1 rounded border px-1.5 py-1 font-mono text-xs ${
            valid ? 'border-zinc-300' : 'border-red-500 text-red-700'
          }`}
        />
      </span>
    </label>
  );
}

/** Start and end frames (spec 3 §5: start ≥ 0, end ≥ start + 1), applied when valid. */
function FrameField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
      {props.label}
      <BoundedNumberInput
        label={props.label}
        value={props.value}
        min={props.min}
        max={props.max}
        step={1}
        multipleOf={1}
        onChange={(next) => props.onChange(next)}
        className="px-1.5 py-1 text-sm"
      />
    </label>
  );
}

/**
 * The Caption Editor of the property pane (spec 3 §2, §4, §5): text, start and end frames, font
 * family, preset, size, weight, colours, background, letter spacing, line height, width and
 * offset. Every change is one undoable timeline command (and so synced). 'Apply to all
 * captions' is on by default: changes then also go to every caption and the global style;
 * turning it off clears the global style.
 */
export function CaptionEditor({ item }: { item: TimelineItem }) {
  const store = useEditorStore();
  const globalStyle = useEditor((s) => s.timeline.globalConfig.captions.style);
  const [applyToAll, setApplyToAll] = useState(true);
  const style = resolveCaptionStyle(globalStyle, item.caption?.style);
  const text = item.caption?.data.text ?? '';
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const end = item.startTimeInFrames + item.durationInFrames;
  // Captions stay inside their voice-over (or the story plus its extra room) and never overlap.
  const range = useEditor(
    useShallow((s) => captionTimingRange(s.timeline, item.id) ?? { minStart: 0, maxEnd: end }),
  );

  const change = (next: CaptionStyleOverride) =>
    store
      .getState()
      .applyCommand((timeline) =>
        setCaptionStyle(timeline, { itemId: item.id, style: next, applyToAll }),
      );
  const retime = (args: { startFrame?: number; endFrame?: number }) =>
    store
      .getState()
      .applyCommand((timeline) => editCaption(timeline, { itemId: item.id, ...args }));

  return (
    <div data-testid="caption-editor" className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
        Text
        <textarea
          aria-label="Caption text"
          style={{ fontFamily: CAPTION_TEXT_FONT_FAMILY }}
          rows={2}
          maxLength={2000}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.blur();
            } else if (event.key === 'Escape') setDraft(text);
          }}
          onBlur={() => {
            if (draft !== text)
              store
                .getState()
                .applyCommand((t) => editCaption(t, { itemId: item.id, text: draft }));
          }}
          className="focus:border-brand-500 rounded border border-zinc-300 px-2 py-1.5 text-sm text-zinc-900 outline-none"
        />
      </label>
      <div className="grid grid-cols-2 gap-2">
        <FrameField
          label="Start frame"
          value={item.startTimeInFrames}
          min={range.minStart}
          max={end - 1}
          onChange={(startFrame) => startFrame < end && retime({ startFrame })}
        />
        <FrameField
          label="End frame"
          value={end}
          min={item.startTimeInFrames + 1}
          max={Math.max(item.startTimeInFrames + 1, range.maxEnd)}
          onChange={(endFrame) => retime({ endFrame })}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-zinc-700">
        <input
          type="checkbox"
          checked={applyToAll}
          onChange={(event) => {
            setApplyToAll(event.target.checked);
            if (!event.target.checked) store.getState().applyCommand(clearGlobalCaptionStyle);
          }}
          className="accent-brand-600"
        />
        {MESSAGES.editor.applyToAllCaptions}
      </label>
      <div className="grid grid-cols-2 gap-2">
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
          Font
          <select
            aria-label="Font family"
            value={style.fontFamily}
            onChange={(event) => change({ fontFamily: event.target.value as CaptionFont })}
            className="rounded border border-zinc-300 bg-white px-1.5 py-1 text-sm text-zinc-900"
          >
            {CAPTION_FONTS.map((font) => (
              <option key={font} value={font} style={{ fontFamily: font }}>
                {font}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
          Preset
          <select
            aria-label="Caption preset"
            value={matchingPreset(style)}
            onChange={(event) => {
              const name = event.target.value as CaptionPresetName;
              if (name) change(presetStyle(name));
            }}
            className="rounded border border-zinc-300 bg-white px-1.5 py-1 text-sm text-zinc-900"
          >
            <option value="">Custom</option>
            {CAPTION_PRESET_NAMES.map((name) => (
              <option key={name} value={name}>
                {presetLabel(name)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <BoundedNumberField
        label="Size"
        unit="px"
        value={style.fontSize}
        min={CAPTION_BOUNDS.fontSize.min}
        max={CAPTION_BOUNDS.fontSize.max}
        step={1}
        onChange={(fontSize) => change({ fontSize })}
      />
      <BoundedNumberField
        label="Weight"
        value={style.fontWeight}
        min={CAPTION_BOUNDS.fontWeight.min}
        max={CAPTION_BOUNDS.fontWeight.max}
        step={CAPTION_BOUNDS.fontWeight.step}
        wholeSteps
        onChange={(fontWeight) => change({ fontWeight })}
      />
      <ColorField label="Text colour" value={style.color} onChange={(color) => change({ color })} />
      <ColorField
        label="Background"
        value={style.backgroundColor}
        onChange={(backgroundColor) => change({ backgroundColor })}
      />
      <BoundedNumberField
        label="Letter spacing"
        unit="px"
        value={style.letterSpacing}
        min={CAPTION_BOUNDS.letterSpacing.min}
        max={CAPTION_BOUNDS.letterSpacing.max}
        step={0.5}
        onChange={(letterSpacing) => change({ letterSpacing })}
      />
      <BoundedNumberField
        label="Line height"
        value={style.lineHeight}
        min={CAPTION_BOUNDS.lineHeight.min}
        max={CAPTION_BOUNDS.lineHeight.max}
        step={CAPTION_BOUNDS.lineHeight.step}
        onChange={(lineHeight) => change({ lineHeight: Math.round(lineHeight * 10) / 10 })}
      />
      <BoundedNumberField
        label="Width"
        unit="%"
        value={style.maxWidth}
        min={CAPTION_BOUNDS.maxWidth.min}
        sliderMin={CAPTION_BOUNDS.maxWidth.sliderMin}
        max={CAPTION_BOUNDS.maxWidth.max}
        step={1}
        onChange={(maxWidth) => change({ maxWidth })}
      />
      <BoundedNumberField
        label="Offset"
        unit="%"
        value={style.height}
        min={CAPTION_BOUNDS.height.min}
        max={CAPTION_BOUNDS.height.max}
        step={1}
        onChange={(height) => change({ height })}
      />
    </div>
  );
}
