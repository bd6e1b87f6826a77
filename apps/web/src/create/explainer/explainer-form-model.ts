import {
  cleanScript,
  needsShortScriptWarning,
  SCRIPT_MAX,
  scriptToVideoPayloadSchema,
  validateScript,
  type ScriptToVideoPayloadInput,
  type VoiceKey,
} from '@storyloom/core';
import {
  backgroundMusicOf,
  CHOOSE_MUSIC_TRACK,
  requestError,
  serverModelSettings,
  type BackgroundMusicValues,
  type ServerModelValues,
} from '../form-values';

export { CHOOSE_MUSIC_TRACK };

/** A script suggestion chip (spec 2 §3: id, text, fullScript, style). */
export interface ScriptSuggestion {
  id: string;
  text: string;
  fullScript: string;
  style: string;
}

/** The four example chips of the explainer form, with their styles (spec 2 §2). */
export const SCRIPT_SUGGESTIONS: readonly ScriptSuggestion[] = [
  {
    id: 'cat-webinar',
    text: 'Cat Webinar',
    style: 'photorealistic',
    fullScript:
      'Welcome to the very first webinar hosted by a cat. Today, Professor Whiskers will explain the three secrets of a perfect nap. First, find a sunbeam and follow it as it moves across the floor. Second, always choose the keyboard when your human is busy working. Third, purr loudly enough to be forgiven for everything. Thank you for attending, and remember: every nap is a small act of genius.',
  },
  {
    id: 'puma-intro',
    text: 'Puma Intro',
    style: 'photorealistic',
    fullScript:
      'High in the mountains of the Andes lives one of the most elusive hunters on Earth: the puma. It can leap six metres in a single bound and roam a territory larger than a city. Pumas are quiet cats; instead of roaring, they chirp, whistle and purr. Mothers raise their spotted cubs alone, teaching them patience and stealth. Next time you walk a mountain trail, remember that a puma may already be watching you.',
  },
  {
    id: 'travel-in-asia',
    text: 'Travel in Asia',
    style: 'microworld',
    fullScript:
      'Our journey through Asia begins at dawn in a tiny fishing village in Vietnam. Boats glide across the misty river while the market slowly wakes up. By noon we reach the rice terraces, stacked like giant green stairs up the hillside. In Japan, a bullet train carries us past snowy mountains and quiet temples. We end the trip in Bangkok, where street food sizzles under bright lanterns late into the night.',
  },
  {
    id: 'tech-innovations',
    text: 'Tech Innovations',
    style: 'pixelart',
    fullScript:
      'Technology moves faster every year. Computers that once filled a room now fit in our pockets. The internet connected billions of people and changed how we learn, work and play. Today, smart machines help doctors read scans and help farmers grow more food with less water. The next big idea might start as a simple sketch on a napkin — maybe yours.',
  },
];

export interface ExplainerFormValues extends BackgroundMusicValues, ServerModelValues {
  script: string;
  autoRewrite: boolean;
  voice: VoiceKey;
  aspectRatio: '16:9' | '9:16';
  visualStyle: string;
  customStyle: string;
  autoCaptions: boolean;
}

export const EXPLAINER_DEFAULTS: ExplainerFormValues = {
  script: '',
  autoRewrite: true,
  voice: 'auto',
  aspectRatio: '16:9',
  visualStyle: 'photorealistic',
  customStyle: '',
  autoCaptions: true,
  backgroundMusic: 'auto',
  musicTrack: null,
  imageModel: undefined,
  videoModel: undefined,
};

/** The counter under the script box: cleaned characters over the 900 limit. */
export function scriptCounter(script: string): string {
  return `${cleanScript(script).length}/${SCRIPT_MAX}`;
}

/** The first error of the form, or null when it can be submitted (spec 2 §5). */
export function explainerFormError(values: ExplainerFormValues): string | null {
  const scriptError = validateScript(values.script);
  if (scriptError) return scriptError;
  if (values.visualStyle === 'custom' && values.customStyle.trim().length === 0)
    return 'Please describe your custom style';
  if (values.backgroundMusic === 'track' && !values.musicTrack) return CHOOSE_MUSIC_TRACK;
  return requestError(scriptToVideoPayloadSchema, explainerPayload(values, false));
}

/** Whether submitting shows the short-script warning first. */
export function showsShortScriptWarning(values: ExplainerFormValues): boolean {
  return needsShortScriptWarning(values.script, values.autoRewrite);
}

/** The generate_script_to_video payload of the form. */
export function explainerPayload(
  values: ExplainerFormValues,
  isPreview: boolean,
): ScriptToVideoPayloadInput {
  return {
    script_content: values.script,
    voiceover_voice: values.voice,
    background_music: backgroundMusicOf(values, ''),
    aspect_ratio: values.aspectRatio,
    visual_style: values.visualStyle === 'custom' ? values.customStyle.trim() : values.visualStyle,
    auto_rewrite: values.autoRewrite,
    auto_captions: values.autoCaptions,
    advanced_settings: serverModelSettings(values),
    ...(isPreview ? { is_preview: true } : {}),
  };
}

/** Rewrite history for the Undo chip: undo is possible when the index is above 0. */
export interface RewriteHistory {
  entries: string[];
  index: number;
}

export function pushRewrite(
  history: RewriteHistory,
  before: string,
  after: string,
): RewriteHistory {
  const kept = history.entries.length > 0 ? history.entries.slice(0, history.index + 1) : [before];
  return { entries: [...kept, after], index: kept.length };
}

export function undoRewrite(
  history: RewriteHistory,
): { history: RewriteHistory; script: string } | null {
  if (history.index <= 0) return null;
  const index = history.index - 1;
  return { history: { ...history, index }, script: history.entries[index]! };
}

/** The panel's bars from a track's waveform peaks: each bar the loudest peak of its share. */
export function waveformBars(peaks: readonly number[], bars: number): number[] {
  if (peaks.length === 0) return Array.from({ length: bars }, () => 0);
  return Array.from({ length: bars }, (_, bar) => {
    const from = Math.floor((bar * peaks.length) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * peaks.length) / bars));
    return Math.max(...peaks.slice(from, to));
  });
}
