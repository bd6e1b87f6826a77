/**
 * The local writer's story grammar (Tracery rules): sentence templates for each part of a short
 * script — a hook, the setting, points, a turn and a close — per kind of topic, filled with the
 * topic's subject, action and setting. Pure data.
 */

export const TOPIC_KINDS = [
  'nature',
  'food',
  'space',
  'history',
  'travel',
  'technology',
  'health',
  'business',
  'story',
  'general',
] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

/** Words that mark a topic's kind (lemmas, lower case). */
export const TOPIC_WORDS: Record<Exclude<TopicKind, 'general' | 'story'>, readonly string[]> = {
  nature: [
    'nature',
    'wildlife',
    'animal',
    'forest',
    'ocean',
    'plant',
    'flower',
    'bird',
    'insect',
    'migration',
    'jungle',
    'reef',
  ],
  food: [
    'food',
    'cook',
    'cooking',
    'recipe',
    'bake',
    'baking',
    'kitchen',
    'eat',
    'dish',
    'meal',
    'chef',
    'taste',
    'flavour',
    'flavor',
  ],
  space: [
    'space',
    'planet',
    'star',
    'universe',
    'galaxy',
    'moon',
    'mars',
    'astronaut',
    'rocket',
    'orbit',
    'science',
    'physics',
    'sky',
    'atom',
    'gravity',
    'black hole',
  ],
  history: [
    'history',
    'ancient',
    'empire',
    'war',
    'king',
    'queen',
    'century',
    'medieval',
    'revolution',
    'civilization',
    'civilisation',
    'pyramid',
    'roman',
    'castle',
    'pharaoh',
    'viking',
  ],
  travel: [
    'travel',
    'trip',
    'visit',
    'visiting',
    'journey',
    'holiday',
    'vacation',
    'tour',
    'explore',
  ],
  technology: [
    'technology',
    'ai',
    'computer',
    'robot',
    'internet',
    'app',
    'software',
    'code',
    'coding',
    'phone',
    'electric',
    'digital',
    'machine',
    'invention',
    'future',
  ],
  health: [
    'health',
    'sleep',
    'exercise',
    'fitness',
    'run',
    'running',
    'sport',
    'yoga',
    'diet',
    'habit',
    'meditation',
    'stress',
    'walk',
    'walking',
    'body',
  ],
  business: [
    'business',
    'money',
    'startup',
    'invest',
    'investing',
    'market',
    'save',
    'saving',
    'brand',
    'career',
    'job',
    'sell',
    'customer',
    'company',
  ],
};

/**
 * Symbols every template may use: #subject# (the topic's main thing, "bees"), #action#
 * ("making honey"), #actionPresent# ("make honey"), #setting# ("a park"), #topic# (the idea as
 * written), #people#, and the subject's agreement: #s# ("-s" after a singular subject's verb),
 * #is#, #has#, #its#.
 */
const SHARED: Record<string, string[]> = {
  wonder: ['remarkable', 'surprising', 'fascinating', 'extraordinary', 'beautiful'],
  small: ['small', 'simple', 'quiet', 'humble', 'tiny'],
  look: ['take a closer look', 'look a little closer', 'slow down and watch', 'follow along'],
  soon: ['Before long', 'Soon', 'Little by little', 'Step by step', 'In time'],
  feel: ['curious', 'amazed', 'inspired', 'at home', 'hopeful'],
};

type Slot = 'hook' | 'setup' | 'point' | 'turn' | 'close';

const GENERAL: Record<Slot, string[]> = {
  hook: [
    'Have you ever wondered about #topic#?',
    'Picture #subject# #action# in #setting#.',
    'Few things are as #wonder# as #subject#.',
    'This is the story of #subject#, and it starts in #setting#.',
  ],
  setup: [
    'It all begins in #setting#, where #subject# #actionPresent#.',
    'At first glance, #subject# seem#s# #small#, but there is more going on.',
    'To understand #subject#, we start in #setting#.',
  ],
  point: [
    '#soon#, #subject# #actionPresent# in ways most people never notice.',
    'Every detail of #subject# has a reason, from the #small# parts to the big picture.',
    '#people.capitalize# who study #subject# still find something new each time.',
    'In #setting#, #subject# show#s# just how #wonder# patience can be.',
    'What looks #small# from far away turns out to be #wonder# up close.',
  ],
  turn: [
    'And here is the #wonder# part: it all fits together.',
    'The more we #look#, the more #wonder# #subject# become#s#.',
  ],
  close: [
    'So next time you think about #topic#, remember what is hiding in plain sight.',
    'Now you know a little more about #subject#, and the world feels a bit more #wonder#.',
    'Keep #subject# in mind, and let it make you #feel#.',
  ],
};

const KINDS: Record<TopicKind, Partial<Record<Slot, string[]>> & { people: string[] }> = {
  nature: {
    people: ['naturalists', 'scientists', 'wildlife photographers'],
    hook: [
      'Deep in #setting#, #subject# #actionPresent# as the day begins.',
      'Nature has few workers as #wonder# as #subject#.',
    ],
    setup: ['Morning light spills across #setting#, and #subject# get#s# to work.'],
    point: [
      'Every season changes what #subject# need#s# to survive in #setting#.',
      'Working together, #subject# turn #small# moments into something #wonder#.',
      'Instinct guides #subject#, passed down over countless generations.',
    ],
    turn: ['Without #subject#, #setting# would look very different.'],
    close: ['Protecting #setting# means protecting #subject# too.'],
  },
  food: {
    people: ['cooks', 'bakers', 'chefs'],
    hook: [
      'Nothing beats the smell of #subject# fresh from the kitchen.',
      'Every great meal has a story, and this one is about #subject#.',
    ],
    setup: ['In a warm kitchen, a cook gathers everything needed for #subject#.'],
    point: [
      'Making #subject# starts with fresh ingredients laid out on the kitchen table.',
      'The secret is patience: #subject# reward#s# a cook who waits.',
      'A pinch of salt, a little heat, and #subject# begin#s# to change.',
      'Family recipes for #subject# are passed from grandmother to grandchild.',
    ],
    turn: ['Then comes the best moment: the first bite of #subject#.'],
    close: ['Share #subject# with someone you love, and the meal becomes a memory.'],
  },
  space: {
    people: ['astronomers', 'astronauts', 'physicists'],
    hook: [
      'Far above us, #subject# hold#s# secrets we are only beginning to understand.',
      'Look up on a clear night, and think about #subject#.',
    ],
    setup: ['Out in space, #subject# #actionPresent# in total silence.'],
    point: [
      'Telescopes on Earth and rockets in orbit help us study #subject#.',
      'The distances are so vast that light itself takes years to cross them.',
      'Gravity shapes #subject#, pulling and bending everything around it.',
    ],
    turn: ['And yet, the same laws that shape #subject# shape life on Earth.'],
    close: ['Every time we look up at the night sky, #subject# look#s# back.'],
  },
  history: {
    people: ['historians', 'archaeologists', 'storytellers'],
    hook: [
      'Long ago, #subject# changed the course of history.',
      'To understand today, we travel back in time to #subject#.',
    ],
    setup: ['Picture an ancient city, busy with markets, soldiers and travellers.'],
    point: [
      'Kings and queens rose and fell, but the story of #subject# carried on.',
      'Archaeologists still find coins, tools and letters that tell of #subject#.',
      'Ordinary people, farmers, builders and traders, made #subject# possible.',
    ],
    turn: ['But nothing lasts forever, and #subject# faced #its# greatest test.'],
    close: ['The ruins remain, and so do the lessons of #subject#.'],
  },
  travel: {
    people: ['travellers', 'locals', 'explorers'],
    hook: [
      'Imagine arriving in #subject# at sunrise, with a whole day ahead.',
      'Pack a small bag: today we are exploring #subject#.',
    ],
    setup: ['The streets of #subject# wake up slowly, one café at a time.'],
    point: [
      'Locals know the quiet corners, away from the busy streets.',
      'A short walk leads from the old town to a view over the water.',
      'Food tells the story of #subject# better than any guidebook.',
    ],
    turn: ['As evening falls, #subject# show#s# a different face.'],
    close: ['Travel is not about distance, and #subject# prove#s# it.'],
  },
  technology: {
    people: ['engineers', 'inventors', 'designers'],
    hook: [
      '#subject.capitalize# #is# quietly changing the way we live.',
      'A few years ago, #subject# sounded like science fiction.',
    ],
    setup: ['In a busy office, a team of engineers gathers around a laptop.'],
    point: [
      'It begins with a #small# idea, sketched on a whiteboard.',
      'Engineers test #subject# again and again until everything works.',
      'Today, #subject# fit#s# in your pocket and run#s# while you sleep.',
    ],
    turn: ['But every new tool raises a question: how should we use it?'],
    close: ['The future of #subject# is being written right now, by people like you.'],
  },
  health: {
    people: ['doctors', 'coaches', 'researchers'],
    hook: [
      '#subject.capitalize# might be the easiest change you ever make.',
      'What if #subject# could make every day a little better?',
    ],
    setup: ['It starts in the morning, in a quiet room, with a single decision.'],
    point: [
      'Researchers agree: #small# habits add up to big results.',
      'A short walk in the park can clear your head and lift your mood.',
      'Rest matters as much as effort when it comes to #subject#.',
    ],
    turn: ['The hardest part is starting, and after that it gets easier.'],
    close: ['Start small today, and let #subject# become part of who you are.'],
  },
  business: {
    people: ['founders', 'investors', 'customers'],
    hook: [
      'Every big success starts with #subject#.',
      'Here is what most people get wrong about #subject#.',
    ],
    setup: ['In a small office, a founder stares at a laptop full of numbers.'],
    point: [
      'The first customers are the hardest to win, and the most important.',
      'Saving a little each month builds more than money: it builds freedom.',
      'Good decisions about #subject# come from listening, not guessing.',
    ],
    turn: ['Then the numbers start to move, slowly, then all at once.'],
    close: ['Get #subject# right, and everything else becomes easier.'],
  },
  story: {
    people: ['neighbours', 'friends', 'children'],
    hook: [
      'Meet #subject#, #action# in #setting#.',
      'Every morning, #subject# #actionPresent# in #setting#.',
    ],
    setup: ['The day starts quietly, with sunlight across #setting#.'],
    point: [
      '#subject.capitalize# #has# done this for years, and still love#s# every minute.',
      'Friends stop by to watch, and the room fills with laughter.',
      'Some days go wrong, but #subject# never give#s# up.',
    ],
    turn: ['Then one evening, something unexpected happens.'],
    close: ['And that is why #subject# keep#s# going, one day at a time.'],
  },
  general: { people: ['experts', 'people', 'curious minds'] },
};

export const SLOTS = ['hook', 'setup', 'point', 'turn', 'close'] as const;

/** A topic kind's templates per part of the script (its own, else the general ones). */
export function templatesOf(kind: TopicKind): Record<Slot, string[]> {
  const own = KINDS[kind];
  return Object.fromEntries(SLOTS.map((slot) => [slot, own[slot] ?? GENERAL[slot]])) as Record<
    Slot,
    string[]
  >;
}

/** The Tracery rules the templates draw their words from. */
export function grammarRules(kind: TopicKind, plural: boolean): Record<string, string[]> {
  return {
    ...SHARED,
    people: KINDS[kind].people,
    s: [plural ? '' : 's'],
    is: [plural ? 'are' : 'is'],
    has: [plural ? 'have' : 'has'],
    its: [plural ? 'their' : 'its'],
  };
}
