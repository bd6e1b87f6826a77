import { describe, expect, it } from 'vitest';
import { FIDELITY_60 } from '../../../../bench/fidelity-60';
import { parseSentence } from './sentence-parse';

describe('parseSentence', () => {
  it.each(FIDELITY_60.map((c) => [c.sentence, c] as const))(
    'reads the subject, setting, time and objects of "%s"',
    (sentence, expected) => {
      const parsed = parseSentence(sentence);
      expect(parsed.subject?.word).toBe(expected.subject);
      if (expected.setting) expect(parsed.setting).toBe(expected.setting);
      if (expected.time) expect(parsed.time).toBe(expected.time);
      for (const object of expected.objects ?? [])
        expect(parsed.objects.map((o) => o.word)).toContain(object);
    },
  );

  it('matches compounds whole and takes a phrase head as its last noun', () => {
    expect(parseSentence('A fire engine waits.').subject?.word).toBe('fire-engine');
    expect(parseSentence('A man fixes the car engine.').objects.map((o) => o.word)).toEqual([
      'engine',
    ]);
    expect(parseSentence('A man crosses the stone bridge.').objects[0]).toMatchObject({
      word: 'bridge',
      modifiers: ['stone'],
    });
  });

  it('gives each object its relation to the subject', () => {
    const parsed = parseSentence('A cat sleeps on the bench beside a lamp under a blanket.');
    expect(parsed.objects.map((o) => [o.word, o.relation])).toEqual([
      ['bench', 'on'],
      ['lamp', 'beside'],
      ['blanket', 'under'],
    ]);
  });

  it('names no setting or time the sentence does not name', () => {
    const parsed = parseSentence('A dog barks.');
    expect(parsed.setting).toBeUndefined();
    expect(parsed.time).toBeUndefined();
  });
});
