import { formatMinutesSeconds } from '@storyloom/core';
import { Music, Pause, Play, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import type { MusicVideoFormValues } from './music-video-form-model';

/** The song panel: empty (opens the upload dialog) or loaded (play, pause, clear). */
export function SongPanel(props: {
  song: MusicVideoFormValues['song'];
  onUpload: () => void;
  onClear: () => void;
}) {
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => audio.current?.pause(), []);
  if (!props.song)
    return (
      <button
        type="button"
        onClick={props.onUpload}
        className="flex items-center gap-3 rounded-2xl border-2 border-dashed border-zinc-300 bg-zinc-50 px-4 py-5 text-left hover:border-brand-400 hover:bg-brand-50"
      >
        <Music className="size-6 text-brand-600" aria-hidden />
        <span>
          <span className="block text-sm font-semibold text-zinc-800">Upload your song</span>
          <span className="block text-xs text-zinc-500">
            MP3, WAV, M4A, AAC, OGG, FLAC or WMA up to 25 MB; you pick a 10–60 s segment
          </span>
        </span>
      </button>
    );
  const song = props.song;
  return (
    <div
      className="flex items-center gap-3 rounded-2xl border border-zinc-200 bg-white px-4 py-3"
      data-testid="chosen-song"
    >
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-label={playing ? 'Pause song' : 'Play song'}
        onClick={() => {
          if (playing) {
            audio.current?.pause();
            setPlaying(false);
            return;
          }
          audio.current ??= new Audio(song.url);
          audio.current.onended = () => setPlaying(false);
          void audio.current.play().then(
            () => setPlaying(true),
            () => setPlaying(false),
          );
        }}
      >
        {playing ? <Pause className="size-4" /> : <Play className="size-4" />}
      </Button>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-zinc-800">{song.name}</span>
        <span className="block text-xs text-zinc-500">
          Segment of {formatMinutesSeconds(song.duration)} ({song.duration.toFixed(1)} s)
        </span>
      </span>
      <button
        type="button"
        aria-label="Remove song"
        onClick={() => {
          audio.current?.pause();
          props.onClear();
        }}
        className="rounded-full p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
      >
        <X className="size-4" />
      </button>
    </div>
  );
}
