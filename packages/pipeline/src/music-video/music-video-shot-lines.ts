import { cleanPastedText, type MusicVideoFormType } from '@storyloom/core';
import { sentencesOf } from '../providers/local/local-writer';

/**
 * What a singing & dancing video shows: its artist performing, in every shot (ours: the form
 * takes the artist and an optional scene, no storyline). `{artist}` is the chosen character.
 */
const PERFORMANCE_LINES: readonly string[] = [
  '{artist} sings on a stage under bright lights.',
  '{artist} dances in the spotlight.',
  '{artist} dances to the music with the crowd at night.',
  '{artist} sings into a microphone on the stage.',
];

/** Who performs when no artist is named (a request the schema would refuse). */
const UNNAMED_ARTIST = 'The singer';

/**
 * What each type of music video shows when the creator writes nothing (ours: the spec leaves
 * the storyline and the scene optional). One line per shot, taken in turn.
 */
const DEFAULT_LINES: Readonly<
  Record<Exclude<MusicVideoFormType, 'singing-dancing'>, readonly string[]>
> = {
  'consistent-character': [
    'The hero walks through the city at sunrise.',
    'The hero dances in the park.',
    'The hero looks at the stars at night.',
    'The hero smiles with friends by the sea.',
  ],
  'consistent-style': [
    'A city street glows under the evening sky.',
    'Waves roll onto a quiet beach.',
    'A forest path in the morning light.',
    'Stars shine over the mountains at night.',
    'A hot air balloon drifts over green hills.',
    'A train crosses a bridge at sunset.',
  ],
  'lyrics-video': [
    'A calm sky with drifting clouds.',
    'City lights at night.',
    'Flowers in a sunny field.',
    'The moon over the sea.',
  ],
};

/** Where a shot falls in the song, named as songs are built (ours: by position, not heard). */
export function songSection(index: number, count: number): string {
  if (count < 3) return 'verse';
  if (index === 0) return 'intro';
  if (index === count - 1) return 'outro';
  return index % 4 === 2 || index % 4 === 3 ? 'chorus' : 'verse';
}

/**
 * The line each of `count` shots shows: a singing & dancing video's artist (`artist`, the
 * chosen character's name) performing in every shot; for the other types, the creator's
 * storyline split into sentences and spread over the shots in order, else the type's own
 * lines. The scene, when given, is where every shot is set.
 */
export function musicVideoShotLines(input: {
  videoType: MusicVideoFormType;
  storyline?: string | undefined;
  scene?: string | undefined;
  artist?: string | undefined;
  count: number;
}): string[] {
  const performance = input.videoType === 'singing-dancing';
  const storyline = performance ? [] : sentencesOf(cleanPastedText(input.storyline ?? ''));
  const scene = cleanPastedText(input.scene ?? '').replace(/[.!?]+$/, '');
  const artist = input.artist?.trim() || UNNAMED_ARTIST;
  const lines =
    storyline.length > 0
      ? storyline
      : input.videoType === 'singing-dancing'
        ? PERFORMANCE_LINES.map((line) => line.replace('{artist}', artist))
        : DEFAULT_LINES[input.videoType];
  return Array.from({ length: input.count }, (_, index) => {
    const line =
      storyline.length > 0
        ? lines[Math.floor((index * lines.length) / input.count)]!
        : lines[index % lines.length]!;
    return scene ? `${line.replace(/[.!?]+$/, '')}, ${scene}.` : line;
  });
}

/**
 * What a singing & dancing video's B-roll cutaway shows: its artist close up (the artist is in
 * every shot of this type; its picture is drawn with the character).
 */
export function performanceBrollLine(artist: string | undefined, scene?: string): string {
  const where = cleanPastedText(scene ?? '').replace(/[.!?]+$/, '');
  return `Cutaway: a close-up of ${artist?.trim() || UNNAMED_ARTIST.toLowerCase()} performing${where ? `, ${where}` : ''}.`;
}

/**
 * What a B-roll cutaway shows: a close detail of the shot before it (its picture is drawn
 * without the character, see the music-video images step).
 */
export function brollLine(before: string): string {
  return `Cutaway: a close-up detail of the scene where ${before.replace(/[.!?]+$/, '').replace(/^\w/, (c) => c.toLowerCase())}.`;
}
