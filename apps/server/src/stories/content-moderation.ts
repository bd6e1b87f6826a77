import { HttpError } from '../http/errors.js';

/**
 * The community's content rules (spec 1 §2, content-restriction dialog): the five kinds of
 * content that cannot be published, each with the terms that mark it. A modest local
 * moderation of what the gallery shows as text (the title); a cloud moderation provider can
 * replace it. Terms match whole words, case- and accent-insensitively.
 */
export const COMMUNITY_CONTENT_RULES = [
  {
    kind: 'Nudity and Sexual Content',
    terms: ['porn', 'porno', 'pornography', 'nude', 'nudes', 'nudity', 'xxx', 'hentai'],
  },
  { kind: 'Child Exploitation and Abuse', terms: ['child abuse', 'csam', 'child porn'] },
  { kind: 'Violence and Gore', terms: ['gore', 'beheading', 'dismemberment', 'snuff'] },
  {
    kind: 'Illegal Activities',
    terms: ['buy cocaine', 'buy heroin', 'make a bomb', 'credit card fraud'],
  },
  { kind: 'Hate Speech and Harassment', terms: ['white power', 'ethnic cleansing', 'kill all'] },
] as const;

export type CommunityContentKind = (typeof COMMUNITY_CONTENT_RULES)[number]['kind'];

function normalise(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** The kind of restricted content a text contains, or null when it may be published. */
export function communityModerationIssue(text: string): CommunityContentKind | null {
  const words = normalise(text);
  for (const rule of COMMUNITY_CONTENT_RULES) {
    if (rule.terms.some((term) => words.includes(` ${term} `))) return rule.kind;
  }
  return null;
}

/** The refusal the web app turns into the content-restriction dialog (spec 1 §8). */
export const contentModerationRefusal = () =>
  new HttpError(
    422,
    'COMMUNITY_CONTENT_MODERATION',
    'This story cannot be published: it breaks the community content rules.',
  );
