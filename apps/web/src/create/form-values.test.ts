import { characterVlogPayloadSchema, MESSAGES } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { requestResolver } from './creation-form';
import type { ModelChoices } from './explainer/explainer-api';
import {
  backgroundMusicOf,
  requestError,
  serverModelSettings,
  withServerDefaults,
} from './form-values';
import { lyricsFormError, LYRICS_DEFAULTS } from './music-video/lyrics-form-model';
import { firstLyricsLine } from './music-video/trending-songs';

const choices: ModelChoices = {
  image: [
    { value: null, label: 'Illustrator', provider: 'local' },
    { value: 'flux-pro', label: 'Flux', provider: 'fal' },
  ],
  video: [{ value: null, label: 'Motion', provider: 'local' }],
  defaults: { image: 'flux-pro', video: null },
};

describe('the creation forms’ shared values', () => {
  it('sends the background music as auto, the track or the form’s none', () => {
    const track = { id: 't', name: 'T', url: '/music/t.mp3' };
    expect(backgroundMusicOf({ backgroundMusic: 'auto', musicTrack: null }, '')).toBe('auto');
    expect(backgroundMusicOf({ backgroundMusic: 'track', musicTrack: track }, '')).toBe(track.url);
    expect(backgroundMusicOf({ backgroundMusic: 'track', musicTrack: null }, null)).toBeNull();
    expect(backgroundMusicOf({ backgroundMusic: 'none', musicTrack: track }, '')).toBe('');
  });

  it('sends only spec models, and the server’s default for an untouched choice', () => {
    expect(serverModelSettings({ imageModel: null, videoModel: undefined })).toEqual({});
    const chosen = withServerDefaults({ imageModel: undefined, videoModel: undefined }, choices);
    expect(chosen).toEqual({ imageModel: 'flux-pro', videoModel: null });
    // An image model the operator does not offer is replaced when the form says so.
    const offered = { imageModel: 'imagen4', videoModel: null };
    expect(withServerDefaults(offered, choices).imageModel).toBe('imagen4');
    expect(withServerDefaults(offered, choices, true).imageModel).toBe('flux-pro');
  });

  it('answers the first message of core’s request schema, by the form’s field order', () => {
    const request = { title: '', character: null, vlog_topic: '', aspect_ratio: '16:9' };
    const first = requestError(characterVlogPayloadSchema, request);
    const byOrder = requestError(characterVlogPayloadSchema, request, ['vlog_topic']);
    expect(first).not.toBeNull();
    const topicOnly = characterVlogPayloadSchema.safeParse(request);
    const topicMessage = topicOnly.success
      ? null
      : topicOnly.error.issues.find((issue) => issue.path[0] === 'vlog_topic')?.message;
    expect(byOrder).toBe(topicMessage);
  });

  it('resolves react-hook-form values through the form’s one check', async () => {
    const resolver = requestResolver<{ text: string }>((v) => (v.text ? null : 'Say something'));
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    expect(await resolver({ text: 'hi' }, undefined, options)).toEqual({
      values: { text: 'hi' },
      errors: {},
    });
    expect(await resolver({ text: '' }, undefined, options)).toEqual({
      values: {},
      errors: { root: { type: 'request', message: 'Say something' } },
    });
  });

  it('keeps the lyrics form’s Create for a chosen song', () => {
    expect(lyricsFormError(LYRICS_DEFAULTS)).toBe(MESSAGES.generate.musicUrlRequired);
    const song = { url: '/media/song.mp3', name: 'Song', duration: 30 };
    expect(lyricsFormError({ ...LYRICS_DEFAULTS, song })).toBeNull();
  });

  it('shows a sung song’s first line of words', () => {
    expect(firstLyricsLine('\n  Morning comes along the river \nSecond line')).toBe(
      'Morning comes along the river',
    );
    expect(firstLyricsLine(undefined)).toBeNull();
    expect(firstLyricsLine(' \n ')).toBeNull();
  });
});
