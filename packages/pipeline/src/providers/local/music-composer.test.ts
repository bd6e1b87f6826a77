import { describe, expect, it } from 'vitest';
import tonejsMidi from '@tonejs/midi';
import { MUSIC_FOLDERS } from '@storyloom/core';
import { LOCAL_MUSIC_LIBRARY } from './local-music';
import {
  composeTrack,
  FOLDER_SOUNDS,
  plannedSeconds,
  planTrack,
  tempoWord,
} from './music-composer';
import { encodeTrackArgs, fluidsynthArgs } from './stock-music';

const { Midi } = tonejsMidi;

describe('the music composer', () => {
  it('composes the same MIDI file for the same track', () => {
    const track = { id: 'local-music-007', folder: 'Sad' };
    expect(composeTrack(track, 60).midi).toEqual(composeTrack(track, 60).midi);
    expect(composeTrack(track, 60).midi).not.toEqual(
      composeTrack({ ...track, id: 'other' }, 60).midi,
    );
  });

  it('plays each folder on its own instruments, at its tempo, with drums on channel 10', () => {
    const programs = new Set<string>();
    for (const folder of MUSIC_FOLDERS) {
      const { midi, plan } = composeTrack({ id: `t-${folder}`, folder }, 50);
      const parsed = new Midi(midi);
      expect(parsed.header.tempos[0]!.bpm).toBeCloseTo(plan.bpm, 3);
      const [low, high] = FOLDER_SOUNDS[folder].bpm;
      expect(plan.bpm).toBeGreaterThanOrEqual(low);
      expect(plan.bpm).toBeLessThanOrEqual(high);
      const drums = parsed.tracks.find((t) => t.channel === 9)!;
      expect(drums.notes.length).toBeGreaterThan(plan.bars);
      const melodic = parsed.tracks.filter((t) => t.channel !== 9);
      programs.add(melodic.map((t) => t.instrument.number).join(','));
      // Notes fill the planned bars and end with the reverb tail.
      const end = Math.max(
        ...parsed.tracks.flatMap((t) => t.notes.map((n) => n.time + n.duration)),
      );
      expect(end).toBeLessThanOrEqual(plannedSeconds(plan) + 0.01);
      expect(end).toBeGreaterThan(plannedSeconds(plan) - 2.5);
    }
    expect(programs.size).toBe(MUSIC_FOLDERS.length);
  });

  it('arranges intro, verses and choruses, a breakdown and an outro', () => {
    const plan = planTrack('local-music-001', 'Cute', 110);
    expect(plan.bars % 4).toBe(0);
    expect(plan.sections.slice(0, 4)).toEqual(['intro', 'intro', 'intro', 'intro']);
    expect(plan.sections.slice(-4)).toEqual(['outro', 'outro', 'outro', 'outro']);
    for (const section of ['verse', 'chorus', 'breakdown'] as const)
      expect(plan.sections).toContain(section);
    expect(Math.abs(plannedSeconds(plan) - 110)).toBeLessThan((4 * 4 * 60) / plan.bpm);
  });

  it('names tempos as the spec does', () => {
    expect([70, 90, 112, 126].map(tempoWord)).toEqual(['Slow', 'Medium', 'Fast', 'Upbeat']);
    for (const track of LOCAL_MUSIC_LIBRARY) {
      expect(track.tempo).toBe(tempoWord(track.bpm!));
      expect(track.duration).toBeCloseTo(
        plannedSeconds(planTrack(track.id, track.folder, track.duration)),
        6,
      );
    }
  });

  it('renders with fluidsynth and encodes with ffmpeg through argument arrays', () => {
    expect(fluidsynthArgs('/w/t.mid', '/w/t.wav').join(' ')).toBe(
      '-ni -q -o synth.dynamic-sample-loading=1 -g 0.6 -r 44100 -O float -T wav -F /w/t.wav ' +
        '/usr/share/sounds/sf3/MuseScore_General_Lite.sf3 /w/t.mid',
    );
    expect(encodeTrackArgs('/w/t.wav', 61.5, '/w/t.mp3').join(' ')).toBe(
      '-hide_banner -nostdin -v error -y -i /w/t.wav -af atrim=end=61.5,loudnorm=I=-16:TP=-1.5:LRA=11,aresample=44100 ' +
        '-ac 2 -c:a libmp3lame -b:a 160k -f mp3 /w/t.mp3',
    );
  });
});
