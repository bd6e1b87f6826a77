import tonejsMidi from '@tonejs/midi';
import type { MUSIC_FOLDERS } from '@storyloom/core';
import type { MusicTrackInfo } from '../provider-types';
import { pick, seededRandom } from './seeded-random';

// A CommonJS package: its exports come as the default import under Node's ESM.
const { Midi } = tonejsMidi;

type Folder = (typeof MUSIC_FOLDERS)[number];

/**
 * A drum part: one bar of 16 sixteenth steps per General MIDI percussion note. A step is a
 * velocity digit (1 soft … 9 hard) or `.` for silence.
 */
type DrumPattern = Partial<Record<keyof typeof DRUM, string>>;

/** General MIDI percussion notes (channel 10). */
const DRUM = {
  kick: 36,
  rim: 37,
  snare: 38,
  clap: 39,
  hat: 42,
  pedalHat: 44,
  openHat: 46,
  lowTom: 45,
  crash: 49,
  ride: 51,
  tambourine: 54,
  cowbell: 56,
  shaker: 70,
  woodblock: 76,
  triangle: 81,
} as const;

/** How the chord instrument plays each bar. */
type ChordStyle = 'pulse' | 'strum' | 'offbeat' | 'stabs' | 'arpeggio' | 'sustain';
/** How the bass plays each bar. */
type BassStyle = 'root' | 'rootFifth' | 'octave' | 'eighths' | 'syncopated' | 'walking';

/** Everything that makes a folder's tracks sound like that folder. */
export interface FolderSound {
  genre: string;
  moods: string[];
  /** Beats per minute: each track picks one in this range. */
  bpm: [number, number];
  /** Semitones of the scale from its root. */
  scale: readonly number[];
  /** Chord progressions as scale degrees (0 = the root chord), one chord a bar. */
  progressions: readonly (readonly number[])[];
  /** General MIDI programs. */
  instruments: { lead: number; chords: number; bass: number; pad?: number };
  chordStyle: ChordStyle;
  bassStyle: BassStyle;
  /** The groove of the full sections; `light` for intro and breakdown. */
  drums: { full: DrumPattern; light: DrumPattern };
  /** Lead rhythms: one bar each, as 16 steps (`x` a note, `-` held, `.` rest). */
  leadRhythms: readonly string[];
  /** Lowest note of the lead (MIDI). */
  leadRegister: number;
  /** Delay of the off sixteenths as a share of a sixteenth (0 straight, 0.33 swung). */
  swing: number;
}

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];
const MIXOLYDIAN = [0, 2, 4, 5, 7, 9, 10];

/**
 * The sound of each stock folder (spec 1 §9): its own tempos, scale, progressions, General
 * MIDI instruments, groove and lead rhythm, so that folders are told apart by ear.
 */
export const FOLDER_SOUNDS: Record<Folder, FolderSound> = {
  Cute: {
    genre: 'Children',
    moods: ['Playful', 'Cute', 'Happy'],
    bpm: [104, 112],
    scale: MAJOR,
    progressions: [
      [0, 3, 4, 0],
      [0, 5, 3, 4],
    ],
    instruments: { lead: 9, chords: 24, bass: 45 }, // glockenspiel, nylon guitar, pizzicato
    chordStyle: 'offbeat',
    bassStyle: 'rootFifth',
    drums: {
      full: {
        kick: '7.......7.......',
        clap: '....6.......6...',
        shaker: '4.3.4.3.4.3.4.3.',
        triangle: '5...............',
      },
      light: { shaker: '4.3.4.3.4.3.4.3.', kick: '5.......5.......' },
    },
    leadRhythms: ['x.x.x.x.x---....', 'x.x.x---x.x.x---', 'x---x.x.x---x...'],
    leadRegister: 72,
    swing: 0,
  },
  Dynamic: {
    genre: 'Electronic',
    moods: ['Energetic', 'Driving', 'Bold'],
    bpm: [126, 130],
    scale: MINOR,
    progressions: [
      [0, 5, 2, 6],
      [0, 0, 5, 6],
    ],
    instruments: { lead: 81, chords: 90, bass: 38, pad: 89 }, // saw lead, polysynth, synth bass
    chordStyle: 'stabs',
    bassStyle: 'eighths',
    drums: {
      full: {
        kick: '9...9...9...9...',
        clap: '....8.......8...',
        hat: '..6...6...6...6.',
        openHat: '..............5.',
        crash: '7...............',
      },
      light: { kick: '8...8...8...8...', hat: '..5...5...5...5.' },
    },
    leadRhythms: ['x.xxx.x.x.xxx.x.', 'x-x-x-x-xxxxx---', 'x..x..x.x..x..x.'],
    leadRegister: 67,
    swing: 0,
  },
  'Light and Cheerful': {
    genre: 'Pop',
    moods: ['Cheerful', 'Bright', 'Hopeful'],
    bpm: [106, 112],
    scale: MAJOR,
    progressions: [
      [0, 4, 5, 3],
      [0, 3, 0, 4],
    ],
    instruments: { lead: 73, chords: 25, bass: 32 }, // flute, steel guitar, acoustic bass
    chordStyle: 'strum',
    bassStyle: 'root',
    drums: {
      full: {
        kick: '8.....7.8.......',
        snare: '....8.......8...',
        hat: '6.5.6.5.6.5.6.5.',
        tambourine: '....5.......5...',
      },
      light: { hat: '5.4.5.4.5.4.5.4.', kick: '7.......7.......' },
    },
    leadRhythms: ['x---x.x.x---x...', 'x.x.x.x.x-------', '..x.x.x.x---x.x.'],
    leadRegister: 72,
    swing: 0,
  },
  'On Beat': {
    genre: 'Hip Hop',
    moods: ['Groovy', 'Confident', 'Cool'],
    bpm: [88, 94],
    scale: DORIAN,
    progressions: [
      [0, 3, 0, 3],
      [0, 5, 3, 4],
    ],
    instruments: { lead: 11, chords: 4, bass: 34 }, // vibraphone, electric piano, picked bass
    chordStyle: 'sustain',
    bassStyle: 'syncopated',
    drums: {
      full: {
        kick: '9.........7.....',
        snare: '....9.......9...',
        hat: '6.5.6.5.6.5.6.5.',
        rim: '..............4.',
      },
      light: { kick: '8.........6.....', snare: '....7.......7...' },
    },
    leadRhythms: ['x...x.x.....x...', '..x.x...x.x.x...', 'x-x.....x-x.x...'],
    leadRegister: 64,
    swing: 0.3,
  },
  Quirky: {
    genre: 'Comedy',
    moods: ['Quirky', 'Funny', 'Curious'],
    bpm: [120, 124],
    scale: MIXOLYDIAN,
    progressions: [
      [0, 6, 3, 4],
      [0, 1, 4, 0],
    ],
    instruments: { lead: 71, chords: 13, bass: 58 }, // clarinet, xylophone, tuba
    chordStyle: 'offbeat',
    bassStyle: 'rootFifth',
    drums: {
      full: {
        kick: '8.......8.......',
        woodblock: '....7.......7..5',
        cowbell: '..4.......4.....',
      },
      light: { woodblock: '....6.......6...', kick: '7.......7.......' },
    },
    leadRhythms: ['x.x...x.x.x...x.', 'x..x..x.x.......', 'xxx.x...xxx.x...'],
    leadRegister: 62,
    swing: 0.15,
  },
  Sad: {
    genre: 'Cinematic',
    moods: ['Sad', 'Reflective', 'Tender'],
    bpm: [68, 74],
    scale: MINOR,
    progressions: [
      [0, 5, 2, 6],
      [0, 3, 5, 4],
    ],
    instruments: { lead: 0, chords: 0, bass: 32, pad: 49 }, // piano, piano, acoustic bass, slow strings
    chordStyle: 'pulse',
    bassStyle: 'root',
    drums: {
      // A soft heartbeat on the low tom.
      full: { lowTom: '7...4...6...4...' },
      light: { lowTom: '5.......4.......' },
    },
    leadRhythms: ['x-------x---x---', 'x-----------x---', 'x---x---x-------'],
    leadRegister: 60,
    swing: 0,
  },
  Soothing: {
    genre: 'Ambient',
    moods: ['Calm', 'Soothing', 'Dreamy'],
    bpm: [76, 82],
    scale: MAJOR,
    progressions: [
      [0, 3, 5, 3],
      [0, 4, 3, 3],
    ],
    instruments: { lead: 8, chords: 46, bass: 32, pad: 89 }, // celesta, harp, acoustic bass, warm pad
    chordStyle: 'arpeggio',
    bassStyle: 'root',
    drums: {
      full: { shaker: '5...4...5...4...', kick: '5.......4.......' },
      light: { shaker: '4...3...4...3...' },
    },
    leadRhythms: ['x-------x-------', 'x---x-------x---', '........x-------'],
    leadRegister: 72,
    swing: 0,
  },
  'TOP 20': {
    genre: 'Pop',
    moods: ['Uplifting', 'Catchy', 'Inspiring'],
    bpm: [120, 124],
    scale: MAJOR,
    progressions: [
      [5, 3, 0, 4],
      [0, 4, 5, 3],
    ],
    instruments: { lead: 80, chords: 0, bass: 39, pad: 50 }, // square lead, piano, synth bass, synth strings
    chordStyle: 'pulse',
    bassStyle: 'octave',
    drums: {
      full: {
        kick: '9...9...9...9...',
        snare: '....8.......8...',
        clap: '....6.......6...',
        hat: '5.6.5.6.5.6.5.6.',
        crash: '7...............',
      },
      light: { kick: '8.......8.......', hat: '4.5.4.5.4.5.4.5.' },
    },
    leadRhythms: ['x.x.x-x.x.x-x...', 'x-x-x-x-x---....', '..x.x.x.x.x.x---'],
    leadRegister: 69,
    swing: 0,
  },
  Default: {
    genre: 'Corporate',
    moods: ['Inspiring', 'Positive', 'Calm'],
    bpm: [98, 104],
    scale: MAJOR,
    progressions: [
      [0, 4, 5, 3],
      [3, 0, 4, 5],
    ],
    instruments: { lead: 0, chords: 48, bass: 33, pad: 0 }, // piano, strings, finger bass
    chordStyle: 'stabs',
    bassStyle: 'walking',
    drums: {
      full: {
        kick: '8.......8.......',
        snare: '....7.......7...',
        ride: '5.4.5.4.5.4.5.4.',
      },
      light: { ride: '4.4.4.4.4.4.4.4.', kick: '6.......6.......' },
    },
    leadRhythms: ['x---x---x-x-x---', 'x.x.x---x.x.x---', 'x-------x.x.x.x.'],
    leadRegister: 67,
    swing: 0,
  },
};

/** The tempo word of spec 2 §3 for a number of beats per minute. */
export function tempoWord(bpm: number): MusicTrackInfo['tempo'] {
  if (bpm < 85) return 'Slow';
  if (bpm < 110) return 'Medium';
  if (bpm < 120) return 'Fast';
  return 'Upbeat';
}

/** A track's musical plan: what the MIDI file will hold, decided by the track id alone. */
export interface TrackPlan {
  bpm: number;
  /** MIDI note of the key's root (an octave below middle C's region). */
  root: number;
  progression: readonly number[];
  bars: number;
  /** Section of each bar. */
  sections: ('intro' | 'verse' | 'chorus' | 'breakdown' | 'outro')[];
}

/** Seconds of reverb tail after the last bar. */
export const TAIL_SECONDS = 2;

/** How long a planned track lasts: its bars and the reverb tail after them. */
export const plannedSeconds = (plan: TrackPlan) => (plan.bars * 4 * 60) / plan.bpm + TAIL_SECONDS;

/** The plan of a track: tempo, key, progression and arrangement for about `seconds`. */
export function planTrack(id: string, folder: string, seconds: number): TrackPlan {
  const sound = FOLDER_SOUNDS[folder as Folder] ?? FOLDER_SOUNDS.Default;
  const random = seededRandom(`${id}/plan`);
  const [low, high] = sound.bpm;
  const bpm = low + Math.floor(random() * (high - low + 1));
  const root = 36 + Math.floor(random() * 12);
  const progression = pick(random, sound.progressions);
  const barSeconds = (4 * 60) / bpm;
  const bars = Math.max(8, Math.round((seconds - TAIL_SECONDS) / barSeconds / 4) * 4);
  const sections: TrackPlan['sections'] = [];
  // Intro 4 bars, then verses and choruses of 8, a breakdown of 4 before the last chorus, an
  // outro of 4.
  for (let bar = 0; bar < bars; bar++) {
    const fromEnd = bars - bar;
    if (bar < 4) sections.push('intro');
    else if (fromEnd <= 4) sections.push('outro');
    else if (fromEnd <= 12 && fromEnd > 8 && bars >= 24) sections.push('breakdown');
    else sections.push(Math.floor((bar - 4) / 8) % 2 === 0 ? 'verse' : 'chorus');
  }
  return { bpm, root, progression, bars, sections };
}

/** The notes of a scale degree's triad (root position), from `base`. */
function triad(scale: readonly number[], degree: number, base: number): number[] {
  return [0, 2, 4].map((step) => {
    const index = degree + step;
    return base + scale[index % 7]! + 12 * Math.floor(index / 7);
  });
}

/**
 * Composes a library track as a General MIDI file: drums, bass, chords, an optional pad and a
 * lead melody over the folder's progression and groove, arranged into intro, verses, choruses,
 * a breakdown and an outro. Deterministic: the same track always gives the same file.
 */
export function composeTrack(
  track: Pick<MusicTrackInfo, 'id' | 'folder'>,
  seconds: number,
): {
  midi: Uint8Array;
  plan: TrackPlan;
} {
  const sound = FOLDER_SOUNDS[track.folder as Folder] ?? FOLDER_SOUNDS.Default;
  const plan = planTrack(track.id, track.folder, seconds);
  const random = seededRandom(`${track.id}/notes`);
  const midi = new Midi();
  midi.header.setTempo(plan.bpm);
  const beat = 60 / plan.bpm;
  const step = beat / 4;
  const bar = beat * 4;
  const swingAt = (index: number) => index * step + (index % 2 === 1 ? sound.swing * step : 0);
  const velocity = (base: number) => Math.min(1, Math.max(0.05, base + (random() - 0.5) * 0.08));

  const part = (program: number, channel: number, pan: number) => {
    const t = midi.addTrack();
    t.channel = channel;
    t.instrument.number = program;
    t.addCC({ number: 10, value: pan, time: 0 }); // pan
    t.addCC({ number: 91, value: 0.35, time: 0 }); // reverb send
    return t;
  };
  const drums = midi.addTrack();
  drums.channel = 9;
  const bass = part(sound.instruments.bass, 0, 0.5);
  const chords = part(sound.instruments.chords, 1, 0.35);
  const lead = part(sound.instruments.lead, 2, 0.62);
  const pad = sound.instruments.pad === undefined ? null : part(sound.instruments.pad, 3, 0.5);

  // The lead's motif: two bars of rhythm, re-pitched on each chord, varied per phrase.
  const motif = [pick(random, sound.leadRhythms), pick(random, sound.leadRhythms)];
  const leadBase = sound.leadRegister - 12 + (plan.root % 12);
  let lastLeadIndex = 7;

  plan.sections.forEach((section, barIndex) => {
    const t0 = barIndex * bar;
    const degree = plan.progression[barIndex % plan.progression.length]!;
    const chord = triad(sound.scale, degree, plan.root + 12);
    const full = section === 'verse' || section === 'chorus';

    // Drums: the full groove in verses and choruses, the light one elsewhere.
    const pattern = full ? sound.drums.full : sound.drums.light;
    for (const [name, steps] of Object.entries(pattern) as [keyof typeof DRUM, string][]) {
      if (name === 'crash' && (section !== 'chorus' || (barIndex - 4) % 8 !== 0)) continue;
      [...steps].forEach((mark, i) => {
        if (mark === '.') return;
        drums.addNote({
          midi: DRUM[name],
          time: t0 + swingAt(i),
          duration: step,
          velocity: velocity(Number(mark) / 10),
        });
      });
    }

    // Bass.
    const bassRoot = plan.root + sound.scale[degree % 7]!;
    const fifth = bassRoot + 7;
    const bassNotes: [number, number, number][] = (() => {
      switch (sound.bassStyle) {
        case 'root':
          return [[0, bassRoot, 4 * beat]];
        case 'rootFifth':
          return [0, 1, 2, 3].map((b) => [b * beat, b % 2 ? fifth - 12 : bassRoot, beat * 0.8]);
        case 'octave':
          return [0, 1, 2, 3, 4, 5, 6, 7].map((e) => [
            (e * beat) / 2,
            e % 2 ? bassRoot + 12 : bassRoot,
            beat * 0.4,
          ]);
        case 'eighths':
          return [0, 1, 2, 3, 4, 5, 6, 7].map((e) => [(e * beat) / 2, bassRoot, beat * 0.35]);
        case 'syncopated':
          return [
            [0, bassRoot, beat * 1.2],
            [beat * 1.5, bassRoot, beat * 0.4],
            [beat * 2.5, fifth - 12, beat * 0.4],
            [beat * 3, bassRoot + 10 - 12, beat * 0.8],
          ];
        case 'walking': {
          const walk = [0, 2, 4, 5].map((s) => plan.root + sound.scale[(degree + s) % 7]!);
          return walk.map((note, b) => [b * beat, note, beat * 0.9]);
        }
      }
    })();
    if (section !== 'intro' || barIndex >= 2)
      for (const [at, note, length] of bassNotes)
        bass.addNote({ midi: note, time: t0 + at, duration: length, velocity: velocity(0.75) });

    // Chords.
    const voicing = (notes: number[]) => notes.map((n) => n + 12);
    const chordNotes: [number, number[], number][] = (() => {
      switch (sound.chordStyle) {
        case 'pulse':
          return [0, 1, 2, 3].map((b) => [b * beat, voicing(chord), beat * 0.9]);
        case 'strum':
          return [0, 1.5, 2.5, 3].map((b) => [b * beat, voicing(chord), beat * 0.9]);
        case 'offbeat':
          return [0.5, 1.5, 2.5, 3.5].map((b) => [b * beat, voicing(chord), beat * 0.35]);
        case 'stabs':
          return [0, 0.75, 2, 2.75].map((b) => [b * beat, voicing(chord), beat * 0.4]);
        case 'arpeggio':
          return [0, 1, 2, 3, 4, 5, 6, 7].map((e) => [
            (e * beat) / 2,
            [voicing(chord)[[0, 1, 2, 1][e % 4]!]! + (e >= 4 ? 12 : 0)],
            beat * 0.9,
          ]);
        case 'sustain':
          return [[0, voicing([...chord, chord[0]! + 10]), 4 * beat]];
      }
    })();
    chordNotes.forEach(([at, notes, length]) =>
      notes.forEach((note, i) =>
        chords.addNote({
          midi: note,
          time: t0 + at + (sound.chordStyle === 'strum' ? i * 0.012 : 0),
          duration: length,
          velocity: velocity(section === 'outro' ? 0.5 : 0.62),
        }),
      ),
    );

    // Pad: the chord held through the bar, under everything.
    if (pad)
      voicing(chord).forEach((note) =>
        pad.addNote({ midi: note, time: t0, duration: bar, velocity: velocity(0.4) }),
      );

    // Lead: in verses (softer) and choruses, walking the scale near chord tones.
    if (!full) return;
    const rhythm = motif[barIndex % 2]!;
    const variant = Math.floor((barIndex - 4) / 2) % 4;
    const chordIndexes = [0, 2, 4].map((s) => (degree + s) % 7);
    [...rhythm].forEach((mark, i) => {
      if (mark !== 'x') return;
      let held = 1;
      while (rhythm[i + held] === '-') held++;
      // Strong steps land on chord tones; others move by a step.
      const strong = i % 4 === 0;
      const move = strong
        ? chordIndexes.reduce((best, c) => {
            const candidates = [c, c + 7, c - 7];
            const nearest = candidates.reduce((a, b) =>
              Math.abs(b - lastLeadIndex) < Math.abs(a - lastLeadIndex) ? b : a,
            );
            return Math.abs(nearest - lastLeadIndex) < Math.abs(best - lastLeadIndex)
              ? nearest
              : best;
          }, chordIndexes[0]! + 7)
        : lastLeadIndex + pick(random, variant % 2 ? [-1, 1, 2] : [1, -1, -2]);
      lastLeadIndex = Math.max(3, Math.min(14, move));
      const note = leadBase + sound.scale[lastLeadIndex % 7]! + 12 * Math.floor(lastLeadIndex / 7);
      lead.addNote({
        midi: note,
        time: t0 + swingAt(i),
        duration: held * step * 0.95,
        velocity: velocity(section === 'chorus' ? 0.8 : 0.6),
      });
    });
  });
  // The last chord rings out.
  const end = plan.bars * bar;
  const lastChord = triad(sound.scale, plan.progression[0]!, plan.root + 24);
  lastChord.forEach((note) =>
    chords.addNote({ midi: note, time: end, duration: TAIL_SECONDS * 0.75, velocity: 0.5 }),
  );
  drums.addNote({ midi: DRUM.kick, time: end, duration: step, velocity: 0.6 });
  return { midi: midi.toArray(), plan };
}
