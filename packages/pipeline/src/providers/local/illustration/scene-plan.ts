import nlp from 'compromise';
import { hasIcon, iconEntries, iconEntry, type IconEntry, type IconKind } from './emoji-icons';
import { compoundNoun, nearestKind } from './nearest-kind';
import { parseSentence, type Relation } from './sentence-parse';
import {
  findWord,
  MOOD_WORDS,
  SETTING_WORDS,
  SHOT_ROLE_WORDS,
  TIME_WORDS,
  WEATHER_WORDS,
  type Mood,
  type Setting,
  type ShotRole,
  type TimeOfDay,
  type Weather,
} from './scene-words';

/** One thing the illustrator draws: the prompt's word, the icon it chose, how many. */
export interface SceneSubject {
  word: string;
  icon: string;
  kind: IconKind;
  count: number;
  /** Other icons drawn beside it, for a word that names a group ("family", "friends"). */
  companions?: string[];
  /** The colour the prompt gives it ("a red umbrella"), as hex. */
  colour?: string;
  /** How it stands to the main subject ("a cat on a sofa": on). */
  relation?: Relation;
  /** The prompt's word it stands in for, when the set lacks it (drawn as its nearest kind). */
  standsFor?: string;
}

/** What a picture shows, read from its prompt: the illustrator's own record of what it drew. */
export interface ScenePlan {
  /** The main subject first; at most three. */
  subjects: SceneSubject[];
  setting: Setting;
  time: TimeOfDay;
  weather: Weather;
  mood: Mood;
  role: ShotRole;
}

/** Prompt words the icon set names otherwise (lemma → icon name). */
export const SYNONYMS: Record<string, string> = {
  kid: 'child',
  toddler: 'child',
  lady: 'woman',
  guy: 'man',
  gentleman: 'man',
  mother: 'woman',
  mom: 'woman',
  mum: 'woman',
  wife: 'woman',
  sister: 'woman',
  father: 'man',
  dad: 'man',
  husband: 'man',
  brother: 'man',
  son: 'boy',
  grandson: 'boy',
  daughter: 'girl',
  granddaughter: 'girl',
  businessman: 'man-office-worker',
  businesswoman: 'woman-office-worker',
  worker: 'office-worker',
  grandpa: 'old-man',
  grandfather: 'old-man',
  grandad: 'old-man',
  elder: 'older-person',
  chef: 'cook',
  baker: 'cook',
  doctor: 'health-worker',
  nurse: 'health-worker',
  programmer: 'technologist',
  developer: 'technologist',
  engineer: 'technologist',
  painter: 'artist',
  musician: 'singer',
  officer: 'police-officer',
  policeman: 'police-officer',
  soldier: 'guard',
  fisherman: 'person-rowing-boat',
  sailor: 'sailboat',
  hiker: 'person-climbing',
  climber: 'person-climbing',
  runner: 'person-running',
  cyclist: 'person-biking',
  swimmer: 'person-swimming',
  surfer: 'person-surfing',
  dancer: 'woman-dancing',
  king: 'prince',
  queen: 'princess',
  wizard: 'man-mage',
  witch: 'woman-mage',
  car: 'automobile',
  'sports-car': 'racing-car',
  'race-car': 'racing-car',
  ball: 'soccer-ball',
  football: 'soccer-ball',
  truck: 'delivery-truck',
  lorry: 'articulated-lorry',
  bike: 'bicycle',
  plane: 'airplane',
  jet: 'airplane',
  spaceship: 'rocket',
  boat: 'sailboat',
  yacht: 'sailboat',
  puppy: 'dog',
  puma: 'leopard',
  cougar: 'leopard',
  jaguar: 'leopard',
  panther: 'leopard',
  cheetah: 'leopard',
  kitten: 'cat',
  bunny: 'rabbit',
  pony: 'horse',
  bee: 'honeybee',
  ladybug: 'lady-beetle',
  robot: 'robot',
  phone: 'mobile-phone',
  smartphone: 'mobile-phone',
  computer: 'laptop',
  coffee: 'hot-beverage',
  tea: 'teacup-without-handle',
  soup: 'pot-of-food',
  stew: 'pot-of-food',
  noodle: 'steaming-bowl',
  ramen: 'steaming-bowl',
  pasta: 'spaghetti',
  cake: 'shortcake',
  apple: 'red-apple',
  salad: 'green-salad',
  flower: 'tulip',
  tree: 'deciduous-tree',
  pine: 'evergreen-tree',
  castle: 'castle',
  tent: 'tent',
  guitarist: 'guitar',
  pianist: 'musical-keyboard',
  piano: 'musical-keyboard',
  earth: 'globe-showing-europe-africa',
  world: 'globe-showing-americas',
  planet: 'ringed-planet',
  idea: 'light-bulb',
  money: 'money-bag',
  letter: 'envelope',
  gift: 'wrapped-gift',
  present: 'wrapped-gift',
  lamp: 'light-bulb',
  lantern: 'red-paper-lantern',
  clock: 'alarm-clock',
  painting: 'framed-picture',
  photo: 'camera',
  dragon: 'dragon',
  dinosaur: 't-rex',
  fire: 'fire',
  campfire: 'fire',
  frisbee: 'flying-disc',
  flag: 'triangular-flag',
  aircraft: 'airplane',
};

/** Words for several people, drawn as a group led by the first icon. */
export const GROUPS: Record<string, string[]> = {
  family: ['woman', 'man', 'child'],
  parent: ['woman', 'man'],
  couple: ['woman', 'man'],
  friend: ['woman', 'man'],
  people: ['woman', 'man', 'person'],
  crowd: ['woman', 'man', 'person'],
  team: ['woman', 'man', 'person'],
  audience: ['woman', 'man', 'person'],
};

/** Nouns too plain to draw on their own (their best icon would mislead). */
const NOT_DRAWN = new Set([
  'table',
  'floor',
  'wall',
  'ground',
  'side',
  'front',
  'top',
  'back',
  'middle',
  'edge',
  'end',
  'part',
  'place',
  'area',
  'thing',
  'something',
  'someone',
  'everyone',
  'anyone',
  'one',
  'fantasy',
  'kingdom',
  'world',
  'life',
  'picture',
  'history',
  'story',
  'secret',
  'test',
  'future',
  'law',
  'moment',
  'year',
  'head',
  'face',
  'detail',
  'question',
  'water',
  'air',
  'work',
]);

/** Verbs whose person-icon variant exists (`woman-running`, `man-cook`...). */
export const ACTIVITIES: Record<string, string> = {
  run: 'running',
  jog: 'running',
  race: 'running',
  walk: 'walking',
  stroll: 'walking',
  wander: 'walking',
  hike: 'walking',
  dance: 'dancing',
  swim: 'swimming',
  surf: 'surfing',
  climb: 'climbing',
  cycle: 'biking',
  bike: 'biking',
  ride: 'biking',
  cook: 'cook',
  bake: 'cook',
  sing: 'singer',
  teach: 'teacher',
  study: 'student',
  learn: 'student',
  paint: 'artist',
  draw: 'artist',
  code: 'technologist',
  program: 'technologist',
  type: 'technologist',
  farm: 'farmer',
  harvest: 'farmer',
  row: 'rowing-boat',
  juggle: 'juggling',
  lift: 'lifting-weights',
  meditate: 'in-lotus-position',
  pray: 'kneeling',
  kneel: 'kneeling',
  stand: 'standing',
  bow: 'bowing',
  fly: 'pilot',
  investigate: 'detective',
  repair: 'mechanic',
  fix: 'mechanic',
};

/** Nouns that hold or group the real subject: "a bowl of ramen", "a flock of birds". */
const CONTAINERS = new Set([
  'bowl',
  'cup',
  'glass',
  'plate',
  'piece',
  'slice',
  'loaf',
  'pair',
  'bunch',
  'group',
  'flock',
  'herd',
  'pack',
  'crowd',
  'team',
  'family',
  'lot',
  'kind',
  'type',
  'couple',
  'basket',
  'box',
  'jar',
  'pile',
  'stack',
  'shot',
  'scene',
  'view',
  'picture',
  'image',
  'illustration',
  'close-up',
  'closeup',
  'story',
]);

/** People nouns whose icon can become an activity variant. */
const GENERIC_PEOPLE: Record<string, 'woman' | 'man' | 'person'> = {
  woman: 'woman',
  man: 'man',
  person: 'person',
};

const NUMBERS: Record<string, number> = {
  two: 2,
  both: 2,
  couple: 2,
  pair: 2,
  three: 3,
  few: 3,
  several: 3,
  many: 3,
  some: 2,
  group: 3,
  flock: 3,
  herd: 3,
  pack: 3,
  crowd: 3,
  family: 3,
};

/** Colour adjectives and the colour each paints a thing in. */
const COLOURS: Record<string, string> = {
  red: '#e53935',
  blue: '#1e63d6',
  green: '#2e9e44',
  yellow: '#f6c915',
  orange: '#f57c00',
  purple: '#8e44ad',
  pink: '#ff6fa8',
  black: '#2a2a2a',
  white: '#f5f5f5',
  brown: '#8d5a33',
  grey: '#8a8f98',
  gray: '#8a8f98',
  golden: '#e0b030',
  silver: '#c0c6cf',
};

const SKIN_TONES = ['-light', '-medium-light', '-medium', '-medium-dark', '-dark'];

/** Where a subject lives when the prompt names no setting, by Emojibase subgroup or name. */
const SETTING_OF_SUBGROUP: Record<string, Setting> = {
  'animal-mammal': 'countryside',
  'animal-bird': 'park',
  'animal-amphibian': 'lake',
  'animal-reptile': 'desert',
  'animal-marine': 'underwater',
  'animal-bug': 'park',
  'plant-flower': 'park',
  'plant-other': 'park',
  'food-fruit': 'kitchen',
  'food-vegetable': 'kitchen',
  'food-prepared': 'kitchen',
  'food-asian': 'cafe',
  'food-sweet': 'cafe',
  drink: 'cafe',
  dishware: 'kitchen',
  'transport-ground': 'street',
  'transport-water': 'sea',
  'transport-air': 'sky',
  'place-building': 'city',
  'place-religious': 'city',
  'place-geographic': 'mountains',
  'sky-weather': 'sky',
  household: 'room',
  science: 'lab',
  medical: 'lab',
  music: 'stage',
  'musical-instrument': 'stage',
  computer: 'office',
  office: 'office',
  'book-paper': 'library',
  writing: 'classroom',
  sport: 'stadium',
  'person-sport': 'stadium',
  'person-resting': 'room',
  'person-fantasy': 'forest',
};
const SETTING_OF_ICON: Record<string, Setting> = {
  rocket: 'space',
  satellite: 'space',
  'flying-saucer': 'space',
  'ringed-planet': 'space',
  'crescent-moon': 'space',
  'full-moon': 'space',
  comet: 'space',
  astronaut: 'space',
  'globe-showing-europe-africa': 'space',
  'globe-showing-americas': 'space',
  'globe-showing-asia-australia': 'space',
  tractor: 'countryside',
  cow: 'countryside',
  'polar-bear': 'snowfield',
  penguin: 'snowfield',
  snowman: 'snowfield',
  camel: 'desert',
  'two-hump-camel': 'desert',
  cactus: 'desert',
  dragon: 'mountains',
  deer: 'forest',
  fox: 'forest',
  bear: 'forest',
  wolf: 'forest',
  owl: 'forest',
  raccoon: 'forest',
  'evergreen-tree': 'forest',
  'deciduous-tree': 'forest',
  duck: 'lake',
  swan: 'lake',
  turtle: 'beach',
  crab: 'beach',
  'palm-tree': 'beach',
  'person-surfing': 'beach',
  'person-swimming': 'sea',
  'person-rowing-boat': 'lake',
  'person-climbing': 'mountains',
  'person-biking': 'street',
  'person-running': 'park',
  cook: 'kitchen',
  teacher: 'classroom',
  student: 'classroom',
  scientist: 'lab',
  'health-worker': 'lab',
  technologist: 'office',
  'office-worker': 'office',
  farmer: 'countryside',
  singer: 'stage',
  pilot: 'sky',
  'person-in-bed': 'bedroom',
  bed: 'bedroom',
};

interface Term {
  index: number;
  normal: string;
  lemmas: string[];
  noun: boolean;
  verb: boolean;
  plural: boolean;
  place: boolean;
}

function singular(word: string): string {
  if (/ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

function termsOf(text: string): Term[] {
  const doc = nlp(text);
  doc.compute('root');
  const json = doc.json({ terms: { normal: true } }) as {
    terms: { normal: string; root?: string; tags: string[] }[];
  }[];
  const terms: Term[] = [];
  for (const sentence of json)
    for (const t of sentence.terms) {
      const normal = t.normal.replace(/[^\p{L}\p{N}-]/gu, '');
      if (!normal) continue;
      const tags = new Set(t.tags);
      terms.push({
        index: terms.length,
        normal,
        lemmas: [...new Set([t.root ?? normal, normal, singular(normal)].filter(Boolean))],
        noun: tags.has('Noun') && !tags.has('Pronoun') && !tags.has('Possessive'),
        verb: tags.has('Verb'),
        plural: tags.has('Plural'),
        place: tags.has('City') || tags.has('Country') || tags.has('Region'),
      });
    }
  return terms;
}

/** How well an icon names a word: 0 (not at all) to 100 (the icon's own name). */
function score(entry: IconEntry, word: string): number {
  const penalty =
    (entry.kind === 'face' || entry.kind === 'symbol' ? 40 : 0) +
    (entry.nameWords.includes('face') ? 15 : 0);
  if (entry.name === word || entry.label === word) return 100 - penalty;
  const tagged = entry.tags.includes(word);
  const last = entry.nameWords[entry.nameWords.length - 1] === word;
  if (last) return 75 - entry.nameWords.length * 3 - penalty + (tagged ? 5 : 0);
  if (tagged) return 70 - Math.min(entry.tags.length, 12) - entry.nameWords.length - penalty;
  if (entry.nameWords.includes(word)) return 55 - entry.nameWords.length * 3 - penalty;
  return 0;
}

const matchCache = new Map<string, IconEntry | null>();

/** The icon that best shows a word (a lemma or a hyphenated phrase), if one does well enough. */
export function iconForWord(word: string, exactOnly = false): IconEntry | undefined {
  const key = `${word}|${exactOnly}`;
  const cached = matchCache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const synonym = SYNONYMS[word];
  let best: IconEntry | undefined = synonym ? iconEntry(synonym) : undefined;
  if (!best) {
    let bestScore = exactOnly ? 99 : 50;
    for (const entry of iconEntries()) {
      const s = score(entry, word);
      if (s > bestScore) {
        bestScore = s;
        best = entry;
      }
    }
  }
  matchCache.set(key, best ?? null);
  return best;
}

/** Icons too unlike what their kinds mean to stand in for one ("balloon" is a party balloon). */
const NOT_A_KIND = new Set([
  'construction',
  'balloon',
  'sandwich',
  'person',
  'face',
  'man',
  'woman',
]);

/**
 * The icon for a noun the prompt names: its own icon or synonym, else its nearest kind in
 * WordNet that the set has ("submarine" → ship, "violinist" → musician → singer).
 */
export function iconForNoun(word: string): { entry: IconEntry; standsFor?: string } | undefined {
  // Only an icon named for the word: "engine" is not a fire engine, "bamboo" not a panda.
  const own =
    iconEntry(SYNONYMS[word] ?? word) ??
    iconEntries().find((e) => e.label === word.replace(/-/g, ' '));
  if (own) return { entry: own };
  // An icon whose name holds the word, unless that name is another thing's own name
  // ("bridge at night" shows a bridge; "fire engine" is not what "engine" means).
  const named = word.includes('-') ? undefined : iconForWord(word);
  if (named && (named.nameWords.length < 2 || !compoundNoun(named.nameWords)))
    return { entry: named };
  const near = nearestKind(word, (kind) => {
    if (NOT_A_KIND.has(kind)) return undefined;
    const entry =
      iconEntry(SYNONYMS[kind] ?? kind) ??
      iconEntries().find((e) => e.label === kind.replace(/-/g, ' '));
    return entry && entry.kind !== 'face' && entry.kind !== 'symbol' ? entry : undefined;
  });
  return near ? { entry: near.found, standsFor: word } : undefined;
}

function withSkinTone(icon: string, key: string): string {
  const entry = iconEntry(icon);
  if (entry?.kind !== 'person') return icon;
  let hash = 0;
  for (const c of key) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const toned = `${icon}${SKIN_TONES[hash % SKIN_TONES.length]}`;
  return hasIcon(toned) ? toned : icon;
}

/** A person icon doing what the prompt's verbs say (`woman` + runs → `woman-running`). */
function withActivity(icon: string, verbs: readonly string[]): string {
  const who = GENERIC_PEOPLE[icon];
  if (!who) return icon;
  for (const verb of verbs) {
    const activity = ACTIVITIES[verb];
    if (!activity) continue;
    for (const name of [`${who}-${activity}`, `person-${activity}`, activity])
      if (iconEntry(name)) return name;
  }
  return icon;
}

const SCENE_WORDS = new Set(
  [
    ...Object.values(SETTING_WORDS),
    ...Object.values(TIME_WORDS),
    ...Object.values(WEATHER_WORDS),
    ...Object.values(MOOD_WORDS),
    ...Object.values(SHOT_ROLE_WORDS),
  ]
    .flat()
    .concat(['day', 'morning', 'afternoon', 'noon', 'sun', 'light', 'moment', 'time', 'way'])
    // Scene words that are things to draw.
    .filter((w) => w !== 'snowman'),
);

/**
 * Reads a prompt into a scene: its subjects (nouns matched to icons through names, labels,
 * keywords, synonyms and lemmas; people first as written), setting, time of day, weather, mood
 * and shot role. Deterministic; a prompt that names nothing drawable gets no subject.
 */
export function planScene(prompt: string): ScenePlan {
  const terms = termsOf(prompt);
  const parsed = parseSentence(prompt);
  const relationOf = new Map(parsed.objects.map((o) => [o.word, o.relation]));
  const verbs = terms.filter((t) => t.verb).flatMap((t) => t.lemmas);
  const found: (SceneSubject & { at: number })[] = [];
  const used = new Set<number>();
  const add = (entry: IconEntry, word: string, at: number, count: number, standsFor?: string) => {
    if (found.some((f) => iconEntry(f.icon) === entry || f.word === word)) return;
    // "a red sports car": a colour word among the two words before the name.
    const colour = [terms[at - 1], terms[at - 2]]
      .map((t) => (t ? COLOURS[t.normal] : undefined))
      .find(Boolean);
    const relation = relationOf.get(word) ?? relationOf.get(word.split(' ').pop() ?? '');
    found.push({
      word,
      icon: entry.name,
      kind: entry.kind,
      count,
      at,
      ...(colour && entry.kind !== 'person' ? { colour } : {}),
      ...(relation ? { relation } : {}),
      ...(standsFor ? { standsFor } : {}),
    });
  };
  // Compounds the parser read whole ("hot air balloon", "fire engine", "pirate ship") and
  // heads whose modifiers are nouns ("car engine", "stone bridge") come first; their words
  // are not drawn again on their own.
  for (const phrase of [parsed.subject, ...parsed.objects]) {
    if (!phrase) continue;
    const parts = phrase.word.split('-');
    const modifierNouns = phrase.modifiers.filter((m) =>
      terms.some((t) => t.normal === m && t.noun),
    );
    if (parts.length < 2 && modifierNouns.length === 0) continue;
    const at = terms.findIndex((t) => t.normal === parts[0] || t.lemmas.includes(parts[0]!));
    for (const t of terms)
      if (
        parts.includes(t.normal) ||
        parts.some((p) => t.lemmas.includes(p)) ||
        modifierNouns.includes(t.normal)
      )
        used.add(t.index);
    const match = iconForNoun(phrase.word);
    if (!match) continue;
    add(
      match.entry,
      phrase.word.replace(/-/g, ' '),
      Math.max(0, at),
      phrase.count,
      match.standsFor,
    );
  }
  // "two dogs", "a flock of birds", "three small boats": a number just before the noun.
  const countBefore = (i: number, plural: boolean) => {
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
      const n = NUMBERS[terms[j]!.normal];
      if (n) return n;
      if (terms[j]!.verb) break;
    }
    return plural ? 2 : 1;
  };
  // Two-word names first ("hot dog", "old woman", "ice cream", "polar bear").
  for (let i = 0; i + 1 < terms.length; i++) {
    const a = terms[i]!;
    const b = terms[i + 1]!;
    if (!b.noun) continue;
    for (const lemma of b.lemmas) {
      const phrase = `${a.normal}-${lemma}`;
      const entry = iconEntry(phrase) ?? iconEntry(SYNONYMS[phrase] ?? '');
      if (entry) {
        add(entry, `${a.normal} ${lemma}`, i, countBefore(i, b.plural));
        used.add(i).add(i + 1);
        break;
      }
    }
  }
  const hasPerson = () => found.some((f) => f.kind === 'person');
  for (const term of terms) {
    if (used.has(term.index) || !term.noun || term.place) continue;
    if (term.lemmas.some((l) => SCENE_WORDS.has(l) || NOT_DRAWN.has(l))) continue;
    // The verb the parser found, which this tagger read as a noun ("a violinist plays").
    if (parsed.action && term.lemmas.includes(parsed.action) && term.index > 0) continue;
    const next = terms[term.index + 1];
    // "a bowl of ramen": the ramen is the subject, the bowl holds it.
    if (CONTAINERS.has(term.lemmas[0]!) && next?.normal === 'of') continue;
    // A verb read as a noun ("rows his boat") once the person doing it is drawn.
    if (hasPerson() && term.lemmas.some((l) => ACTIVITIES[l])) continue;
    const group = term.lemmas.map((l) => GROUPS[l]).find(Boolean);
    if (group) {
      const [lead, ...companions] = group;
      const entry = iconEntry(lead!)!;
      add(entry, term.normal, term.index, 1);
      found[found.length - 1]!.companions = companions;
      continue;
    }
    let drawn = false;
    for (const lemma of term.lemmas) {
      // A gerund ("cheering") is drawn only when an icon is named for it.
      const entry = iconForWord(lemma, /ing$/.test(lemma));
      if (entry) {
        add(entry, lemma, term.index, countBefore(term.index, term.plural));
        drawn = true;
        break;
      }
    }
    // A noun the set lacks: its nearest kind that the set has.
    const lemma = term.lemmas[0]!;
    if (!drawn && !/ing$/.test(lemma)) {
      const near = iconForNoun(lemma);
      if (near) {
        add(near.entry, lemma, term.index, countBefore(term.index, term.plural), near.standsFor);
      }
    }
  }
  // Objects the parser found that the words above missed ("eats bamboo").
  for (const object of [...(parsed.subject ? [parsed.subject] : []), ...parsed.objects]) {
    if (found.some((f) => f.word === object.word || f.word.endsWith(` ${object.word}`))) continue;
    // The words the loop above leaves undrawn: scene words, containers ("a wide shot of"),
    // groups, and activities ("rows").
    if (
      SCENE_WORDS.has(object.word) ||
      NOT_DRAWN.has(object.word) ||
      CONTAINERS.has(object.word) ||
      GROUPS[object.word] ||
      ACTIVITIES[object.word]
    )
      continue;
    const at = terms.findIndex((t) => t.lemmas.includes(object.word));
    if (at >= 0 && used.has(at)) continue;
    const match = iconForNoun(object.word);
    if (!match) continue;
    add(match.entry, object.word, at < 0 ? terms.length : at, object.count, match.standsFor);
  }
  found.sort((a, b) => a.at - b.at);
  // Sky things (sun, moon, clouds) are drawn by the background unless nothing else is named.
  const ordered = [
    ...found.filter((f) => f.kind !== 'sky'),
    ...found.filter((f) => f.kind === 'sky'),
  ];
  const subjects = ordered.slice(0, 3).map(({ at: _at, ...subject }, i) => {
    if (i > 0 || subject.kind !== 'person') return subject;
    const icon = withActivity(subject.icon, verbs);
    return { ...subject, icon: withSkinTone(icon, subject.word) };
  });

  const placeName = terms.some((t) => t.place);
  const text = terms.map((t) => t.lemmas[0]).join(' ') + ' ' + prompt;
  // The last place named is the most specific ("a busy restaurant kitchen"); the sky only
  // when nothing else is named.
  const { sky: _sky, ...grounded } = SETTING_WORDS;
  let setting: Setting | undefined =
    parsed.setting ??
    findWord(grounded, text, 'last') ??
    findWord({ sky: SETTING_WORDS.sky }, text);
  if (!setting) {
    const main = subjects[0];
    const base = main
      ? main.icon.replace(/-(light|medium-light|medium|medium-dark|dark)$/, '')
      : '';
    const entry = main ? iconEntry(base) : undefined;
    setting =
      SETTING_OF_ICON[base] ??
      (entry && entry.kind !== 'person' ? SETTING_OF_SUBGROUP[entry.subgroup] : undefined) ??
      // "a girl reads under a tree": an outdoor thing named beside the subject.
      subjects
        .slice(1)
        .map((o) => SETTING_OF_ICON[o.icon])
        .find(Boolean) ??
      settingFromVerbs(verbs) ??
      (placeName ? 'city' : undefined) ??
      (entry ? SETTING_OF_SUBGROUP[entry.subgroup] : undefined) ??
      (main?.kind === 'person' ? 'park' : 'room');
  }
  return {
    subjects,
    setting,
    time: parsed.time ?? findWord(TIME_WORDS, text) ?? (setting === 'space' ? 'night' : 'day'),
    weather: findWord(WEATHER_WORDS, text) ?? 'clear',
    mood: findWord(MOOD_WORDS, text) ?? 'neutral',
    role: findWord(SHOT_ROLE_WORDS, prompt) ?? 'medium',
  };
}

function settingFromVerbs(verbs: readonly string[]): Setting | undefined {
  const table: Record<string, Setting> = {
    cook: 'kitchen',
    bake: 'kitchen',
    swim: 'sea',
    sail: 'sea',
    dive: 'underwater',
    fly: 'sky',
    read: 'library',
    study: 'classroom',
    teach: 'classroom',
    sleep: 'bedroom',
    shop: 'shop',
    hike: 'mountains',
    climb: 'mountains',
    sing: 'stage',
    perform: 'stage',
    type: 'office',
    work: 'office',
    plant: 'park',
    garden: 'park',
  };
  for (const verb of verbs) if (table[verb]) return table[verb];
  return undefined;
}
