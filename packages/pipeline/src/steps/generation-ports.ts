import type { GeneratedShot, VideoEditorTimeline } from '@storyloom/core';
import type { GeneratedMedia, Providers } from '../providers/provider-types';

/** A storyboard whose shots are of one story kind (`S`: that kind's shot). */
export interface KindStoryboard<S extends GeneratedShot = GeneratedShot> {
  shots_map: Record<string, S>;
}

/** What a generation step reads of its story, its shots parsed with its kind's shot schema. */
export interface GenerationStory<S extends GeneratedShot = GeneratedShot> {
  id: string;
  title: string;
  storyboard: KindStoryboard<S> | null;
  videoEditorTimeline: VideoEditorTimeline | null;
  metadata: Record<string, unknown>;
}

export interface GenerationStoryPatch<S extends GeneratedShot = GeneratedShot> {
  title?: string;
  storyboard?: KindStoryboard<S>;
  videoEditorTimeline?: VideoEditorTimeline;
  metadata?: Record<string, unknown>;
}

/** The I/O a step needs, supplied by the server (STYLE.md §7: the shell owns every effect). */
export interface GenerationPorts<S extends GeneratedShot = GeneratedShot> {
  providers: Providers;
  /** The story, its storyboard parsed once per load with its kind's shot schema. */
  loadStory(): Promise<GenerationStory<S>>;
  updateStory(patch: GenerationStoryPatch<S>): Promise<void>;
  /** Stores media under a name unique within the run: storing the same name twice overwrites. */
  storeMedia(name: string, media: GeneratedMedia): Promise<{ url: string }>;
  /** Reads back media this story stores (e.g. a shot's picture for a video model). */
  readMedia(url: string): Promise<Buffer>;
  /** Sets the run's progress in percent. */
  progress(percent: number): Promise<void>;
}
