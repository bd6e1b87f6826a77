import { MESSAGES, VIDEO_TYPE_LABELS, type MusicVideoFormType } from '@storyloom/core';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useState } from 'react';
import { HoverVideo } from '../hover-video';
import { previewUrls } from '../preview-scenes';

/** The chooser's options in the spec's order, each with what it makes and its colours. */
const OPTIONS: readonly {
  key: MusicVideoFormType;
  blurb: string;
  ring: string;
  background: string;
}[] = [
  {
    key: 'singing-dancing',
    blurb: 'Your artist sings and dances to the song',
    ring: 'ring-fuchsia-500',
    background: 'from-fuchsia-950 via-zinc-950 to-rose-950',
  },
  {
    key: 'lyrics-video',
    blurb: 'The words of the song over moving backgrounds',
    ring: 'ring-amber-500',
    background: 'from-amber-950 via-zinc-950 to-orange-950',
  },
  {
    key: 'consistent-character',
    blurb: 'One character lives a story told by the song',
    ring: 'ring-sky-500',
    background: 'from-sky-950 via-zinc-950 to-indigo-950',
  },
  {
    key: 'consistent-style',
    blurb: 'Scenes in one visual style, cut to the beat',
    ring: 'ring-emerald-500',
    background: 'from-emerald-950 via-zinc-950 to-teal-950',
  },
];

/** The base path the chooser sends to, plus the option key (spec 2 §2). */
export const MUSIC_VIDEO_BASE_PATH = '/music-video/';

/**
 * The full-screen chooser "Which type of music video would you like to create?" (spec 2 §2):
 * vinyl discs in 2 columns on small screens and 4 on wide ones, each labelled with its type's
 * clip (made at build time by the local illustrator); hovering a disc plays its clip, spins
 * it and turns the background to its colours.
 */
export function MusicVideoChooser(props: {
  onChoose: (type: MusicVideoFormType) => void;
  onClose: () => void;
}) {
  const [hovered, setHovered] = useState<MusicVideoFormType | null>(null);
  const background = OPTIONS.find((o) => o.key === hovered)?.background;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="music-video-chooser-title"
      className={clsx(
        'fixed inset-0 z-50 flex flex-col items-center justify-center overflow-y-auto bg-gradient-to-br px-4 py-10 transition-colors duration-500',
        background ?? 'from-zinc-900 via-zinc-950 to-purple-950',
      )}
    >
      <button
        type="button"
        aria-label="Close"
        onClick={props.onClose}
        className="absolute top-4 right-4 rounded-full p-2 text-white/80 hover:bg-white/10 hover:text-white"
      >
        <X className="size-6" />
      </button>
      <h1
        id="music-video-chooser-title"
        className="max-w-3xl text-center text-2xl font-semibold text-white sm:text-4xl"
      >
        {MESSAGES.generate.chooseMusicVideoType}
      </h1>
      <div className="mt-10 grid w-full max-w-5xl grid-cols-2 gap-6 lg:grid-cols-4">
        {OPTIONS.map((option) => (
          <button
            key={option.key}
            type="button"
            onClick={() => props.onChoose(option.key)}
            onMouseEnter={() => setHovered(option.key)}
            onMouseLeave={() => setHovered(null)}
            onFocus={() => setHovered(option.key)}
            onBlur={() => setHovered(null)}
            className="group flex flex-col items-center gap-3 rounded-3xl p-3 text-center focus:ring-2 focus:ring-white/60 focus:outline-none"
          >
            <span
              aria-hidden
              className={clsx(
                'relative grid aspect-square w-full max-w-48 place-items-center rounded-full bg-zinc-950 shadow-2xl ring-1 ring-white/10 transition-transform duration-300 group-hover:scale-105',
                'bg-[repeating-radial-gradient(circle,#18181b_0_2px,#27272a_2px_4px)]',
              )}
            >
              {/* The disc's label is the type's hover clip, which turns while it plays. */}
              <HoverVideo
                src={previewUrls.musicVideoClip(option.key)}
                poster={previewUrls.musicVideoPoster(option.key)}
                hovered={hovered === option.key}
                className={clsx(
                  'size-3/5 rounded-full ring-4',
                  option.ring,
                  'motion-safe:group-hover:animate-[spin_8s_linear_infinite]',
                )}
              />
              <span className="absolute size-3 rounded-full bg-zinc-950 ring-2 ring-white/30" />
            </span>
            <span className="text-base font-semibold text-white">
              {VIDEO_TYPE_LABELS[option.key]}
            </span>
            <span className="text-xs text-white/70">{option.blurb}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
