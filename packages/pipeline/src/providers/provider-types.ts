import type { AspectRatio, VoiceKey } from '@storyloom/core';

/** Every provider says plainly what it is (DESIGN.md): e.g. `local-illustrator`. */
export interface NamedProvider {
  readonly name: string;
}

/** One shot of a storyboard as the writer drafts it. */
export interface ShotDraft {
  /** The shot's voice-over text. */
  script: string;
  image_prompt: string;
  video_prompt: string;
  /** Words the illustrator draws from (nouns of the shot). */
  keywords: string[];
}

/** A visual style as the pipeline uses it: a grid value plus its prompt text. */
export interface StyleChoice {
  value: string;
  description: string;
  avoidTerms: string;
}

export interface WriterProvider extends NamedProvider {
  storyboard(input: { script: string; style: StyleChoice }): Promise<ShotDraft[]>;
  /** Auto-Polish / Rewrite with AI: a cleaner (and for short scripts, longer) script. */
  rewrite(script: string): Promise<string>;
  /** Idea to video: a script from a topic of at most 100 characters. */
  ideaToScript(topic: string): Promise<string>;
}

export interface GeneratedMedia {
  bytes: Buffer;
  extension: 'jpg' | 'png' | 'mp4' | 'wav' | 'mp3';
  width?: number;
  height?: number;
  /** seconds */
  durationSeconds?: number;
}

export interface ImageProvider extends NamedProvider {
  generate(input: {
    prompt: string;
    keywords: readonly string[];
    style: StyleChoice;
    width: number;
    height: number;
    /** Distinguishes shots whose prompts are alike. */
    seed: string;
    /** The chosen character's reference picture (PNG or JPEG), to appear in the shot. */
    characterImage?: Buffer;
  }): Promise<GeneratedMedia>;
}

/**
 * How a clip joins the next shot: 'morph' moves from its picture to the next one (start/end
 * frame), 'camera-move' carries on as one camera move into it (One-Take Style).
 */
export type ShotTransition = 'morph' | 'camera-move';

export interface VideoProvider extends NamedProvider {
  /**
   * A motion clip from a still, or null when the motion is left to the renderer (the local
   * provider: the render engine already animates stills with a pan/zoom). With `transition`
   * the clip must flow into the next shot: it ends on `endImage` (the next shot's picture;
   * none for the last shot), which a cloud model gets as its end frame.
   */
  animate(input: {
    image: GeneratedMedia;
    prompt: string;
    durationSeconds: number;
    aspectRatio: AspectRatio;
    endImage?: GeneratedMedia | undefined;
    transition?: ShotTransition | undefined;
  }): Promise<GeneratedMedia | null>;
}

/** A word and where it is spoken, in seconds from the file's start. */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/** A phrase of a voice-over and where its speech is, in seconds from the file's start. */
export interface TimedPhrase {
  text: string;
  start: number;
  end: number;
  /** Each word's time, where the provider knows them (recognition, alignment). */
  words?: TimedWord[];
}

export interface SpeechResult extends GeneratedMedia {
  durationSeconds: number;
  phrases: TimedPhrase[];
  /** The engine and voice that spoke, when the provider has several (e.g. `local-voice:rhvoice-slt`). */
  model?: string;
}

export interface SpeechProvider extends NamedProvider {
  /**
   * Speaks the phrases one after the other, with `leadSeconds` of silence before and
   * `tailSeconds` after; the file lasts a whole number of frames at `fps`.
   */
  speak(input: {
    phrases: readonly string[];
    voice: VoiceKey;
    leadSeconds: number;
    tailSeconds: number;
    fps: number;
  }): Promise<SpeechResult>;
}

export interface TranscriptionProvider extends NamedProvider {
  /**
   * Phrases with times; `knownText` lets a local provider align instead of recognise;
   * `language` (ISO 639-1) is a hint for providers that recognise more than one.
   */
  transcribe(input: {
    audio: Buffer;
    knownText?: string;
    language?: string;
  }): Promise<TimedPhrase[]>;
}

export interface MusicTrackInfo {
  id: string;
  name: string;
  genre: string;
  mood: string;
  tempo: 'Slow' | 'Medium' | 'Fast' | 'Upbeat';
  folder: string;
}

export interface MusicProvider extends NamedProvider {
  /**
   * A background track for a story, lasting `durationSeconds`: the library track `trackId`
   * when given (the creator's choice), else one the provider picks.
   */
  compose(input: {
    seed: string;
    durationSeconds: number;
    mood?: string;
    trackId?: string;
  }): Promise<GeneratedMedia & { durationSeconds: number; track: MusicTrackInfo }>;
  /** The library track a background_music value (a track id or its URL) names, if any. */
  findTrack?(idOrUrl: string): MusicTrackInfo | undefined;
}

/** A character image or clip moved after a reference video's performance (spec 3 §3). */
export interface ActionVideoProvider extends NamedProvider {
  perform(input: {
    character: { type: 'image' | 'video'; bytes: Buffer; extension: string };
    reference: { bytes: Buffer; extension: string };
    /** The output size, from the request's ratio, e.g. 1280×720. */
    width: number;
    height: number;
    /** 1–5, how strongly the performance shows (3 unless asked). */
    expressionIntensity: number;
    signal?: AbortSignal | undefined;
  }): Promise<GeneratedMedia>;
}

export interface Providers {
  writer: WriterProvider;
  image: ImageProvider;
  video: VideoProvider;
  speech: SpeechProvider;
  transcription: TranscriptionProvider;
  music: MusicProvider;
  actionVideo: ActionVideoProvider;
}
