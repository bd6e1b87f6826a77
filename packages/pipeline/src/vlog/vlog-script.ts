import { cleanPastedText, MENTION_MARKER } from '@storyloom/core';

/** Third-person verb forms the topic's subject may take, and their first-person forms. */
const IRREGULAR: Record<string, string> = {
  is: 'am',
  was: 'was',
  has: 'have',
  does: 'do',
  goes: 'go',
  "isn't": 'am not',
  "doesn't": "don't",
  "hasn't": "haven't",
};

/** "bakes" → "bake", "tries" → "try", "watches" → "watch"; other words as they are. */
function firstPersonVerb(word: string): string {
  const lower = word.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (/[^aeiou]ies$/.test(lower)) return word.slice(0, -3) + 'y';
  if (/(ss|sh|ch|x|z|o)es$/.test(lower)) return word.slice(0, -2);
  if (/[^su]s$/.test(lower) && lower.length > 3) return word.slice(0, -1);
  return word;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The topic told by the character (spec 2 §2: the voice-over is in the first person): the
 * character's mention becomes "I" (its possessive "my", the verb after it agrees), a
 * possessive "her"/"his" becomes "my", and other mentioned characters are named.
 */
export function topicInFirstPerson(
  topic: string,
  name: string,
  others: readonly string[] = [],
): string {
  let text = cleanPastedText(topic).replace(/\s+/g, ' ');
  const me = escape(`${MENTION_MARKER}${name}`);
  text = text.replace(new RegExp(`${me}(?:'s|’s)`, 'gi'), 'my');
  // The mention opening a sentence (or after "and") is the subject; the verb after it agrees.
  text = text.replace(
    new RegExp(
      `(^|[.!?]\\s+|\\band\\s+)${me}(\\s+(?:(?:also|always|often|still|finally|just|really)\\s+)?)([A-Za-z'’]+)`,
      'gi',
    ),
    (_m, before: string, gap: string, verb: string) => `${before}I${gap}${firstPersonVerb(verb)}`,
  );
  text = text.replace(new RegExp(me, 'gi'), 'me');
  for (const other of others)
    text = text.replace(new RegExp(escape(`${MENTION_MARKER}${other}`), 'gi'), other);
  text = text.replace(/@/g, '');
  // "her"/"his" before a word is a possessive: the character's own.
  text = text.replace(/\b(?:her|his)\b(?=\s+[a-z])/gi, 'my');
  // "me" opening a sentence is the subject.
  text = text.replace(/(^|[.!?]\s+)me\b/g, '$1I');
  return text.replace(/[.!?\s]+$/, '');
}

/** The activity as a gerund phrase when the topic says "I am …ing", else null. */
function activityOf(firstPerson: string): string | null {
  const match = /\bI am ([a-z]+ing\b.*)$/i.exec(firstPerson);
  return match ? match[1]! : null;
}

/**
 * The voice-over of a character vlog: a day of the character's, told by the character, built
 * around the topic (deterministic; the topic's own words are kept so the captions say them).
 */
export function vlogScript(input: {
  topic: string;
  name: string;
  others?: readonly string[];
}): string {
  const told = topicInFirstPerson(input.topic, input.name, input.others);
  const sentence = told.charAt(0).toUpperCase() + told.slice(1);
  const activity = activityOf(told);
  const today = /^I\b/.test(sentence)
    ? `Today ${sentence}.`
    : `Today is a special day. ${sentence}.`;
  const lines = [
    `Hi, I'm ${input.name}, and welcome to my vlog!`,
    today,
    activity
      ? `Now I am ${activity}, and I love every minute of it.`
      : `${sentence}, and I love every minute of it.`,
    `In the evening I look back on my day and smile.`,
    `Thanks for spending the day with me, see you in the next vlog!`,
  ];
  return lines.join(' ');
}
