/** Why a render failed; `code` is stable, `message` is shown to the user as is. */
export type RenderErrorCode =
  | 'INVALID_TIMELINE'
  | 'EMPTY_TIMELINE'
  | 'TIMELINE_TOO_LONG'
  | 'MEDIA_UNREADABLE'
  | 'FFMPEG_FAILED'
  | 'CANCELED'
  | 'TIMEOUT';

export class RenderError extends Error {
  override name = 'RenderError';
  constructor(
    readonly code: RenderErrorCode,
    message: string,
  ) {
    super(message);
  }
}
