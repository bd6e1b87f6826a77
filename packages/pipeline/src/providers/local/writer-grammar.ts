/**
 * The local writer's sentence templates. A template only frames the user's own words: it
 * invites the viewer to look at, picture or think about the user's subject, or asks a question
 * about it, and never states a fact the user did not give. `{about}` is what the topic is about
 * as the user wrote it ("how bees make honey", "the Roman Empire"); `{subject}` is its main
 * noun phrase ("bees", "the grandmother"). Neither is ever followed by a verb that would have
 * to agree with it, so every filling reads as English. Pure data.
 */

export const HOOKS = [
  'Have you ever wondered about {about}?',
  'This story is about {about}.',
  "Today, let's talk about {about}.",
  'Here is a short story about {about}.',
  'What do you know about {about}?',
  "Let's find out more about {about}.",
  'Come along and explore {about}.',
] as const;

/** Opening words of the first point, of the points between, and of the last point. */
export const FIRST_OPENERS = ['First,', 'To begin,', 'To start,'] as const;
export const MIDDLE_OPENERS = [
  'Next,',
  'Now,',
  'Then,',
  'After that,',
  'For a moment,',
  'Once more,',
] as const;
export const LAST_OPENERS = ['Finally,', 'Last of all,', 'And now,'] as const;

/** What a point asks the viewer to do (after an opener, so in lower case). */
export const INVITES = [
  'picture {subject}.',
  'think about {subject}.',
  'look closely at {subject}.',
  'watch {subject} closely.',
  'imagine {subject}.',
  'keep {subject} in mind.',
  'ask yourself what you know about {subject}.',
  'consider {subject}.',
  'turn your attention to {subject}.',
  'pay attention to {subject}.',
  'focus on {subject}.',
  'slow down and watch {subject}.',
] as const;

/** A point may be a question instead. */
export const QUESTIONS = [
  'What comes to mind when you think of {subject}?',
  'What would you like to ask about {subject}?',
  'How would you describe {subject}?',
  'Have you ever seen {subject}?',
  'What makes {subject} interesting to you?',
  'What do you notice first about {subject}?',
] as const;

export const CLOSES = [
  'Thanks for watching this story about {about}.',
  "That's our story about {about}.",
  'Share this story about {about} with a friend.',
  'Next time you think of {subject}, remember this story.',
  'Thanks for watching, and see you next time.',
] as const;

const ALL_TEMPLATES: readonly string[] = [
  ...HOOKS,
  ...FIRST_OPENERS,
  ...MIDDLE_OPENERS,
  ...LAST_OPENERS,
  ...INVITES,
  ...QUESTIONS,
  ...CLOSES,
];

/** Every word the templates bring (lower case): the writer adds no other word of its own. */
export const TEMPLATE_WORDS: ReadonlySet<string> = new Set(
  ALL_TEMPLATES.flatMap((t) =>
    t
      .replace(/\{\w+\}/g, ' ')
      .toLowerCase()
      .split(/[^\p{L}']+/u),
  ).filter(Boolean),
);
