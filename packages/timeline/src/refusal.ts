/**
 * Typed refusals: a command never throws for a user error, it answers `{ok: false, reason}`.
 * `message` is the user-facing text (from core's MESSAGES); `ignored` refusals carry an empty
 * message because the spec says such edits are silently ignored.
 */
export type RefusalCode =
  | 'not_found'
  | 'not_allowed'
  | 'not_supported'
  | 'insufficient_space'
  | 'invalid_trim'
  | 'invalid_position'
  | 'invalid_value'
  | 'not_contiguous'
  | 'in_use'
  | 'ignored'
  | 'invalid_tracks'
  | 'invalid_assets'
  | 'init_failed';

export interface Refusal {
  code: RefusalCode;
  message: string;
  /** Figures for the log, e.g. required and available frames of a refused insert. */
  details?: Readonly<Record<string, number | string>>;
}

export interface Refused {
  ok: false;
  reason: Refusal;
}

export function refuse(
  code: RefusalCode,
  message: string,
  details?: Readonly<Record<string, number | string>>,
): Refused {
  return { ok: false, reason: details ? { code, message, details } : { code, message } };
}

/** An edit that changes nothing (below a threshold, dropped onto itself...): no undo step. */
export function ignored(why: string): Refused {
  return refuse('ignored', '', { why });
}
