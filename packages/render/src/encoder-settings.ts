/**
 * The H.264 settings of every export, chosen to be fast on a small machine (2 cores) at a
 * quality viewers do not notice: x264 `veryfast` at CRF 23, 8-bit 4:2:0 for every player.
 * The bare re-encode baseline of `bench:render` uses the same settings.
 */
export const VIDEO_ENCODER_ARGS: readonly string[] = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
];

/** AAC stereo at 48 kHz (spec: every render's sound is 48 kHz). */
export const AUDIO_SAMPLE_RATE = 48000;
export const AUDIO_ENCODER_ARGS: readonly string[] = [
  '-c:a',
  'aac',
  '-b:a',
  '192k',
  '-ar',
  String(AUDIO_SAMPLE_RATE),
  '-ac',
  '2',
];

/** Segments longer than this render separately and are joined without re-encoding. */
export const DEFAULT_SEGMENT_SECONDS = 120;
