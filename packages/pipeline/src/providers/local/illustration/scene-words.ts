/**
 * The words that name where and when a scene is: settings, times of day, weather, moods and
 * shot roles. The writer names them in its prompts and the illustrator reads them back, so
 * both use this one vocabulary. Pure data and lookups, no I/O.
 */

/** Where a scene is: every setting the illustrator paints. */
export type Setting =
  | 'street'
  | 'city'
  | 'kitchen'
  | 'room'
  | 'bedroom'
  | 'office'
  | 'classroom'
  | 'library'
  | 'cafe'
  | 'shop'
  | 'lab'
  | 'stage'
  | 'forest'
  | 'mountains'
  | 'beach'
  | 'sea'
  | 'underwater'
  | 'space'
  | 'desert'
  | 'countryside'
  | 'park'
  | 'snowfield'
  | 'lake'
  | 'sky'
  | 'stadium';

export const INDOOR_SETTINGS: ReadonlySet<Setting> = new Set([
  'kitchen',
  'room',
  'bedroom',
  'office',
  'classroom',
  'library',
  'cafe',
  'lab',
  'stage',
]);

/** Words (lemmas, lower case) that put a scene in a setting. Multi-word entries are phrases. */
export const SETTING_WORDS: Record<Setting, readonly string[]> = {
  street: ['street', 'road', 'alley', 'avenue', 'sidewalk', 'crosswalk', 'boulevard', 'traffic'],
  city: ['city', 'town', 'downtown', 'skyline', 'skyscraper', 'metropolis', 'urban', 'rooftop'],
  kitchen: ['kitchen', 'oven', 'stove', 'bakery', 'recipe', 'cooking'],
  room: [
    'room',
    'living room',
    'home',
    'apartment',
    'lounge',
    'sofa',
    'couch',
    'fireplace',
    'studio',
  ],
  bedroom: ['bedroom', 'bed', 'nursery', 'pillow', 'bedtime'],
  office: ['office', 'desk', 'workplace', 'meeting', 'boardroom', 'cubicle', 'startup', 'webinar'],
  classroom: ['classroom', 'school', 'class', 'blackboard', 'lecture', 'university'],
  library: ['library', 'bookshelf', 'bookstore', 'archive'],
  cafe: ['cafe', 'café', 'restaurant', 'diner', 'coffee shop', 'pub', 'bistro', 'canteen'],
  shop: ['shop', 'store', 'market', 'supermarket', 'mall', 'bazaar', 'stall', 'marketplace'],
  lab: ['laboratory', 'lab', 'hospital', 'clinic', 'experiment'],
  stage: ['stage', 'concert', 'theatre', 'theater', 'performance', 'gig', 'audience'],
  forest: ['forest', 'woods', 'wood', 'woodland', 'jungle', 'rainforest', 'grove'],
  mountains: [
    'mountain',
    'hill',
    'peak',
    'summit',
    'cliff',
    'valley',
    'alps',
    'canyon',
    'trail',
    'kingdom',
    'slope',
  ],
  beach: ['beach', 'shore', 'coast', 'seaside', 'sand', 'island', 'tropical', 'palm'],
  sea: ['sea', 'ocean', 'harbor', 'harbour', 'port', 'bay', 'wave', 'voyage'],
  underwater: ['underwater', 'reef', 'coral', 'seabed', 'aquarium', 'deep sea'],
  space: ['space', 'galaxy', 'universe', 'orbit', 'planet', 'cosmos', 'mars', 'outer space'],
  desert: ['desert', 'dune', 'sahara', 'oasis'],
  countryside: [
    'countryside',
    'farm',
    'field',
    'meadow',
    'village',
    'barn',
    'ranch',
    'pasture',
    'prairie',
    'savanna',
    'savannah',
    'grassland',
    'country',
    'country road',
    'wheat',
  ],
  park: ['park', 'garden', 'backyard', 'yard', 'playground', 'lawn', 'orchard'],
  snowfield: [
    'arctic',
    'antarctic',
    'tundra',
    'glacier',
    'igloo',
    'north pole',
    'ski slope',
    'snowy slope',
    'antarctica',
    'ice',
  ],
  lake: ['lake', 'river', 'pond', 'stream', 'waterfall', 'riverbank', 'canal'],
  sky: ['sky', 'cloud', 'clouds', 'air', 'flight', 'above the clouds'],
  stadium: ['stadium', 'arena', 'pitch', 'court', 'match', 'tournament'],
};

export type TimeOfDay = 'day' | 'dawn' | 'dusk' | 'night';
export const TIME_WORDS: Record<Exclude<TimeOfDay, 'day'>, readonly string[]> = {
  night: [
    'night',
    'midnight',
    'nighttime',
    'moonlight',
    'moonlit',
    'starry',
    'stars',
    'tonight',
    'moon',
    'full moon',
  ],
  dusk: ['sunset', 'dusk', 'evening', 'twilight', 'golden hour', 'sundown'],
  dawn: ['dawn', 'sunrise', 'daybreak', 'early morning', 'first light'],
};

export type Weather = 'clear' | 'rain' | 'snow' | 'fog';
export const WEATHER_WORDS: Record<Exclude<Weather, 'clear'>, readonly string[]> = {
  rain: ['rain', 'rainy', 'raining', 'rainfall', 'storm', 'stormy', 'drizzle', 'downpour'],
  snow: ['snow', 'snowy', 'snowing', 'snowfall', 'blizzard', 'winter', 'frosty', 'snowman'],
  fog: ['fog', 'foggy', 'mist', 'misty', 'haze', 'hazy'],
};

export type Mood = 'neutral' | 'warm' | 'sombre' | 'bright' | 'eerie' | 'calm' | 'dramatic';
export const MOOD_WORDS: Record<Exclude<Mood, 'neutral'>, readonly string[]> = {
  warm: ['cosy', 'cozy', 'warm', 'homely', 'snug', 'loving', 'tender'],
  sombre: ['sad', 'lonely', 'gloomy', 'melancholy', 'grief', 'sorrow', 'tears', 'alone'],
  bright: ['happy', 'cheerful', 'joyful', 'fun', 'playful', 'festive', 'celebrate', 'party'],
  eerie: ['scary', 'dark', 'mysterious', 'eerie', 'spooky', 'haunted', 'horror', 'creepy'],
  calm: ['calm', 'peaceful', 'quiet', 'serene', 'gentle', 'tranquil', 'relaxing'],
  dramatic: ['epic', 'heroic', 'dramatic', 'majestic', 'battle', 'mighty', 'powerful'],
};

/** How close the camera is: a wide establishing shot, a medium shot or a close-up. */
export type ShotRole = 'establishing' | 'medium' | 'close-up';
export const SHOT_ROLE_WORDS: Record<Exclude<ShotRole, 'medium'>, readonly string[]> = {
  establishing: ['establishing', 'wide shot', 'aerial', 'panorama', 'landscape shot', 'overview'],
  'close-up': ['close-up', 'closeup', 'close up', 'portrait', 'detail shot', 'macro'],
};

/**
 * The key whose words occur first (or last) in the text, by word boundaries in lower case; of
 * two matches ending at the same word the longer phrase wins ("country road" over "road").
 */
export function findWord<K extends string>(
  table: Record<K, readonly string[]>,
  text: string,
  which: 'first' | 'last' = 'first',
): K | undefined {
  let best: { key: K; start: number; end: number } | undefined;
  const lower = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}' -]+/gu, ' ')} `;
  for (const [key, words] of Object.entries(table) as [K, readonly string[]][]) {
    for (const word of words) {
      for (const form of [word, `${word}s`]) {
        const start =
          which === 'first' ? lower.indexOf(` ${form} `) : lower.lastIndexOf(` ${form} `);
        if (start < 0) continue;
        const end = start + form.length;
        const better = !best
          ? true
          : which === 'first'
            ? start < best.start || (start === best.start && end > best.end)
            : end > best.end || (end === best.end && start < best.start);
        if (better) best = { key, start, end };
      }
    }
  }
  return best?.key;
}
