import { LIBRARY_CONSTANTS } from '@storyloom/core';

/** Mean luminance (Rec. 601, 0–255) of RGBA pixels. */
export function averageLuminance(rgba: ArrayLike<number>): number {
  const pixels = Math.floor(rgba.length / 4);
  if (pixels === 0) return 0;
  let total = 0;
  for (let i = 0; i < pixels * 4; i += 4) {
    total += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
  }
  return total / pixels;
}

/** A frame is dark when its average luminance is below 12 (spec 1 §9). */
export function isDarkFrame(luminance: number): boolean {
  return luminance < LIBRARY_CONSTANTS.frameStrip.darkLuminance;
}

/** The slider's time, clamped to the video (spec 1 §5). */
export function clampTime(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds) || !(duration > 0)) return 0;
  return Math.min(Math.max(0, seconds), duration);
}

/** How long to wait before the next seek so seeks are at least 80 ms apart (spec 1 §9). */
export function seekDelay(lastSeekAt: number | null, now: number): number {
  if (lastSeekAt === null) return 0;
  return Math.max(0, LIBRARY_CONSTANTS.frameStrip.seekThrottleMs - (now - lastSeekAt));
}

/** A small least-recently-used cache (the frame strip keeps 12 frames, spec 1 §9). */
export class FrameCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(readonly capacity: number = LIBRARY_CONSTANTS.frameStrip.cacheEntries) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** 'm:ss.s' for the frame picker's time readout. */
export function formatFrameTime(seconds: number): string {
  const safe = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const minutes = Math.floor(safe / 60);
  const rest = (safe - minutes * 60).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
}
