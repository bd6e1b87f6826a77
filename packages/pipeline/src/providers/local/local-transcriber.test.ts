import { describe, expect, it } from 'vitest';
import {
  alignArgs,
  alignToRecognised,
  jsgfGrammar,
  parseHypseg,
  parseWordTimes,
  phrasesOfWords,
  recogniseArgs,
  spelledOut,
  textWords,
} from './local-transcriber';
import { festivalScript, schemeString } from './local-voice';

const word = (w: string, start: number, end: number) => ({ word: w, start, end });

describe('pocketsphinx output', () => {
  it('reads word times of open recognition, without fillers or pronunciation marks', () => {
    const output = [
      'every great journey',
      '<s> 3.880 3.980 1.000200',
      'every 3.990 4.350 0.867260',
      '[NOISE] 4.350 4.360 0.5',
      'with(2) 5.420 5.580 1.000200',
      '<sil> 5.580 5.600 1.0',
      '</s> 6.490 6.660 1.000000',
    ].join('\n');
    expect(parseWordTimes(output)).toEqual([word('every', 3.99, 4.35), word('with', 5.42, 5.58)]);
  });

  it('reads an aligned segmentation: a word ends where the next entry starts', () => {
    const line =
      'audio S 0 T -5705 A -5031 L -674 0 -339 0 the 14 -206 0 city 45 -337 0 <sil> 60 -132 0 with(2) 75';
    expect(parseHypseg(line)).toEqual([
      word('the', 0, 0.14),
      word('city', 0.14, 0.45),
      word('with', 0.6, 0.75),
    ]);
    expect(parseHypseg('')).toEqual([]);
  });

  it('runs with argument arrays, keeping silent frames when aligning', () => {
    expect(recogniseArgs('/tmp/a.raw').join(' ')).toBe(
      '-infile /tmp/a.raw -hmm /usr/share/pocketsphinx/model/en-us/en-us -lm /usr/share/pocketsphinx/model/en-us/en-us.lm.bin -dict /usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict -time yes -logfn /dev/null',
    );
    expect(alignArgs('/w').join(' ')).toBe(
      '-adcin yes -cepdir /w -cepext .raw -ctl /w/audio.ctl -hmm /usr/share/pocketsphinx/model/en-us/en-us -jsgf /w/text.jsgf -dict /w/text.dict -remove_silence no -hypseg /w/hypseg.txt -logfn /w/pocketsphinx.log',
    );
  });
});

describe('known text', () => {
  it('is read as the recogniser spells words, numbers read out', () => {
    expect(textWords("It's 2024: Tokyo's 3 towers, 1,200 lights!")).toEqual([
      "it's",
      'twenty',
      'twenty',
      'four',
      "tokyo's",
      'three',
      'towers',
      'one',
      'thousand',
      'two',
      'hundred',
      'lights',
    ]);
    expect(textWords('Born in 1879, he won 1st prize.').join(' ')).toBe(
      'born in eighteen seventy nine he won first prize',
    );
    expect(textWords('12345678')).toHaveLength(11);
  });

  it('becomes a grammar of exactly its words in order', () => {
    expect(jsgfGrammar(['hello', 'there'])).toBe(
      '#JSGF V1.0;\ngrammar text;\npublic <text> = hello there;\n',
    );
  });

  it('spells out a word nothing can pronounce', () => {
    expect(spelledOut('xq')).toBe('EH K S K Y UW');
  });

  it('is placed on what was heard when the speech does not follow it', () => {
    const heard = [
      word('the', 0, 0.2),
      word('cat', 0.2, 0.5),
      word('sat', 0.9, 1.2),
      word('down', 1.2, 1.5),
    ];
    expect(alignToRecognised(['the', 'black', 'cat', 'sat'], heard)).toEqual([
      word('the', 0, 0.2),
      word('black', 0.2, 0.2),
      word('cat', 0.2, 0.5),
      word('sat', 0.9, 1.2),
    ]);
    // A substitution takes the heard word's time.
    expect(alignToRecognised(['the', 'cat', 'sits', 'down'], heard)).toEqual([
      word('the', 0, 0.2),
      word('cat', 0.2, 0.5),
      word('sits', 0.9, 1.2),
      word('down', 1.2, 1.5),
    ]);
    expect(alignToRecognised(['one', 'two'], []).map((w) => w.start)).toEqual([0, 0]);
  });
});

describe('recognised phrases', () => {
  it('break at pauses and at seven words', () => {
    const words = [
      ...'one two three four five six seven eight'
        .split(' ')
        .map((w, i) => word(w, i * 0.3, i * 0.3 + 0.25)),
      word('after', 4, 4.3),
    ];
    expect(phrasesOfWords(words).map((p) => [p.text, p.start, p.end])).toEqual([
      ['one two three four five six seven', 0, 2.05],
      ['eight', 2.1, 2.35],
      ['after', 4, 4.3],
    ]);
  });
});

describe('festival scripts', () => {
  it('can only speak the text, never run it', () => {
    expect(schemeString('say "hi") (system "rm -rf /") ("\\')).toBe(
      '"say  hi ) (system  rm -rf / ) (  "',
    );
    const script = festivalScript(['Hello "there"'], 'deep_male', ['/tmp/x/0.wav']);
    expect(script).toBe(
      [
        '(voice_cmu_us_slt_arctic_hts)',
        '(set! hts_engine_params (append hts_engine_params (list (list "-r" 0.9) (list "-fm" -9))))',
        `(utt.save.wave (SynthText "Hello  there ") "/tmp/x/0.wav" 'riff)`,
        '',
      ].join('\n'),
    );
  });
});
