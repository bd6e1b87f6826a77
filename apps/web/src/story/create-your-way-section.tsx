import { MESSAGES } from '@storyloom/core';
import { AudioLines, FileText, LayoutList, Music, SquarePlay, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOpenBlankStoryInNewTab } from './use-open-blank-story-in-new-tab';

interface StoryTypeCard {
  title: string;
  description: string;
  href: string;
  icon: ReactNode;
  gradient: string;
  renderMinutes: number;
}

/** Render estimates of spec 1 §9: about 3 minutes, 4 for script to video. */
const storyTypes: StoryTypeCard[] = [
  {
    title: 'Character Vlog',
    description: 'Your character, a topic, a day in their life.',
    href: '/story/create/vlog',
    icon: <UserRound />,
    gradient: 'from-sky-500 to-indigo-600',
    renderMinutes: 3,
  },
  {
    title: 'Music Video',
    description: 'Bring a song; get a video cut to its beat.',
    href: '/story/create/mv',
    icon: <Music />,
    gradient: 'from-fuchsia-500 to-purple-700',
    renderMinutes: 3,
  },
  {
    title: 'Script to Video',
    description: 'Explainer videos from a voice-over script.',
    href: '/story/create/script',
    icon: <FileText />,
    gradient: 'from-emerald-500 to-teal-600',
    renderMinutes: 4,
  },
  {
    title: 'ASMR Video',
    description: 'Soothing close-ups with ambient sound.',
    href: '/story/create/asmr',
    icon: <AudioLines />,
    gradient: 'from-rose-400 to-pink-600',
    renderMinutes: 3,
  },
];

/** Section 1 of the story home: a card per story type and, on md+, the from-scratch cards. */
export function CreateYourWaySection() {
  const openBlankStory = useOpenBlankStoryInNewTab();
  return (
    <section aria-labelledby="create-your-way" className="flex flex-col gap-4">
      <h2 id="create-your-way" className="text-xl font-semibold tracking-tight text-zinc-900">
        {MESSAGES.home.createYourWay}
      </h2>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {storyTypes.map((type) => (
          <Link
            key={type.href}
            to={type.href}
            className={`group relative flex min-h-40 flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br ${type.gradient} p-4 text-white shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-lg`}
          >
            <span
              className="absolute -top-4 -right-4 opacity-20 transition-transform duration-300 group-hover:scale-110 [&>svg]:size-28"
              aria-hidden
            >
              {type.icon}
            </span>
            <span className="relative text-lg font-semibold">{type.title}</span>
            <span className="relative mt-1 text-sm text-white/85">{type.description}</span>
            <span className="relative mt-3 w-fit rounded-full bg-white/20 px-2 py-0.5 text-xs font-medium">
              {MESSAGES.workflow.renderEstimate(type.renderMinutes)}
            </span>
          </Link>
        ))}
      </div>
      <div className="hidden gap-4 md:grid md:grid-cols-2">
        <ScratchCard
          label={MESSAGES.home.buildStoryboard}
          mode={MESSAGES.home.writeAndGenerate}
          description="Start from a blank storyboard and generate shot by shot."
          icon={<LayoutList />}
          onClick={() => openBlankStory('list')}
        />
        <ScratchCard
          label={MESSAGES.home.openEditor}
          mode={MESSAGES.home.uploadAndEdit}
          description="Bring your own clips and cut them on the timeline."
          icon={<SquarePlay />}
          onClick={() => openBlankStory('video-editor')}
        />
      </div>
    </section>
  );
}

interface ScratchCardProps {
  label: string;
  mode: string;
  description: string;
  icon: ReactNode;
  onClick: () => void;
}

function ScratchCard({ label, mode, description, icon, onClick }: ScratchCardProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="group flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white p-4 text-left shadow-sm transition-all hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600 transition-colors group-hover:bg-brand-600 group-hover:text-white [&>svg]:size-6">
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold text-zinc-900">{label}</span>
        <span className="text-sm text-zinc-600">
          {mode} · {description}
        </span>
      </span>
    </button>
  );
}
