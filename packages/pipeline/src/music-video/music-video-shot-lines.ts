import { cleanPastedText, type MusicVideoFormType } from '@storyloom/core';
import { sentencesOf } from '../providers/local/local-writer';

/**
 * What each type of music video shows when the creator writes nothing (ours: the spec leaves
 * the storyline and the scene optional). One line per shot, taken in turn.
 */
const DEFAULT_LINES: Readonly<Record<MusicVideoFormType, readonly string[]>> = {
  'singing-dancing': [
    'A singer performs on a stage under bright lights.',
    'The singer dances in the spotlight.',
    'The crowd dances to the music at night.',
    'The singer sings into a microphone on the stage.',
  ],
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
 * The line each of `count` shots shows: the creator's storyline (consistent-character) or
 * scene (singing-dancing) split into sentences and spread over the shots in order — the scene
 * of a singing-dancing video is where every shot is set — else the type's own lines.
 */
export function musicVideoShotLines(input: {
  videoType: MusicVideoFormType;
  storyline?: string | undefined;
  scene?: string | undefined;
  count: number;
}): string[] {
  const storyline = sentencesOf(cleanPastedText(input.storyline ?? ''));
  const scene = cleanPastedText(input.scene ?? '').replace(/[.!?]+$/, '');
  const lines = storyline.length > 0 ? storyline : DEFAULT_LINES[input.videoType];
  return Array.from({ length: input.count }, (_, index) => {
    const line =
      storyline.length > 0
        ? lines[Math.floor((index * lines.length) / input.count)]!
        : lines[index % lines.length]!;
    return scene ? `${line.replace(/[.!?]+$/, '')}, ${scene}.` : line;
  });
}

/**
 * What a B-roll cutaway shows: a close detail of the shot before it (its picture is drawn
 * without the character, see the music-video images step).
 */
export function brollLine(before: string): string {
  return `Cutaway: a close-up detail of the scene where ${before.replace(/[.!?]+$/, '').replace(/^\w/, (c) => c.toLowerCase())}.`;
}
