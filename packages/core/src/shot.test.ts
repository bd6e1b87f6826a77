import { describe, expect, it } from 'vitest';
import {
  asmrShotSchema,
  explainerShotSchema,
  generatedShotSchema,
  musicVideoShotSchema,
  storyboardOf,
  vlogShotSchema,
} from './shot';

const stored = { shot_id: 'shot-001', lexorank: 'n', script: 'Hello.' };

describe("a story kind's shot schema", () => {
  it('reads the fields of its kind', () => {
    const shot = musicVideoShotSchema.parse({
      ...stored,
      cut_start_frame: 0,
      cut_end_frame: 71,
      broll: true,
      lyric_lines: [{ text: 'la', start: 0, end: 1 }],
    });
    expect([shot.cut_start_frame, shot.cut_end_frame, shot.broll]).toEqual([0, 71, true]);
    expect(shot.lyric_lines).toEqual([{ text: 'la', start: 0, end: 1 }]);
  });

  it('keeps the keys it does not declare, so a stored shot is written back whole', () => {
    const shot = vlogShotSchema.parse({ ...stored, from_an_older_version: { a: 1 } });
    expect(shot).toEqual({ ...stored, from_an_older_version: { a: 1 } });
  });

  it('reads a flow field that does not fit as absent, so an old story still loads', () => {
    const shot = musicVideoShotSchema.parse({
      ...stored,
      cut_start_frame: 'soon',
      voice_phrases: 'hello',
      broll: 'yes',
    });
    expect(shot.cut_start_frame).toBeUndefined();
    expect(shot.voice_phrases).toBeUndefined();
    expect(shot.broll).toBeUndefined();
    expect(shot.script).toBe('Hello.');
  });

  it('still refuses a shot without the fields every shot has', () => {
    for (const schema of [
      generatedShotSchema,
      explainerShotSchema,
      vlogShotSchema,
      asmrShotSchema,
      musicVideoShotSchema,
    ])
      expect(schema.safeParse({ script: 'Hello.' }).success).toBe(false);
  });

  it('reads a storyboard with its kind’s shots', () => {
    const board = storyboardOf(vlogShotSchema).parse({
      shots_map: { 'shot-001': { ...stored, character_prompt: 'Mia' } },
    });
    expect(board.shots_map['shot-001']?.character_prompt).toBe('Mia');
  });
});
