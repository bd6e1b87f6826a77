import profanity from 'leo-profanity';

/** What a caption shows where the recogniser heard a blocked word. */
export const INAUDIBLE = '[inaudible]';

/**
 * Ordinary words of news, medicine and everyday speech that the profanity list also holds: a
 * recording that says them is captioned as it speaks.
 */
const ORDINARY = [
  'anus',
  'butt',
  'nipple',
  'nipples',
  'nude',
  'nudity',
  'penis',
  'rape',
  'semen',
  'sex',
  'suck',
  'sucks',
  'vagina',
];

let blocked: Set<string> | undefined;

/**
 * Whether a recognised word is on the block list (leo-profanity's English list of slurs and
 * swear words, Shutterstock's, less the ordinary words above). Open recognition mis-hears;
 * a caption never shows a slur the speaker may not have said.
 */
export function isBlockedWord(word: string): boolean {
  blocked ??= new Set(
    profanity
      .list()
      .map((w) => w.toLowerCase())
      .filter((w) => !ORDINARY.includes(w)),
  );
  const lower = word.toLowerCase();
  return blocked.has(lower) || blocked.has(lower.replace(/'s$/, ''));
}
