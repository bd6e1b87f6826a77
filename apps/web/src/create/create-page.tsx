import { ArrowLeft, AudioLines, FileText, Music, Sparkles, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageContainer } from '../ui/page-container';
import { createPageContent } from './create-page-content';
import { clearBackButtonDrafts } from './creation-drafts';
import { AsmrForm } from './asmr/asmr-form';
import { ExplainerForm } from './explainer/explainer-form';
import { VlogForm } from './vlog/vlog-form';
import { LyricsForm } from './music-video/lyrics-form';
import { MUSIC_VIDEO_BASE_PATH, MusicVideoChooser } from './music-video/music-video-chooser';
import type { CreatePageMode } from '@storyloom/core';

/** Each mode's banner (spec 2 §2: "each mode has its own banner image"). */
const banners: Record<CreatePageMode, { icon: ReactNode; gradient: string }> = {
  vlog: { icon: <UserRound />, gradient: 'from-sky-500 to-indigo-600' },
  script: { icon: <FileText />, gradient: 'from-emerald-500 to-teal-600' },
  mv: { icon: <Music />, gradient: 'from-fuchsia-500 to-purple-700' },
  lyrics: { icon: <Sparkles />, gradient: 'from-amber-500 to-rose-600' },
  asmr: { icon: <AudioLines />, gradient: 'from-rose-400 to-pink-600' },
};

/** /story/create/{mode}: the creation page with the mode's form. */
export function CreatePage() {
  const { mode } = useParams();
  const content = createPageContent(mode);
  const banner = banners[content.form];
  const navigate = useNavigate();
  // Music video: the full-screen type chooser, which sends the creator to the type's form.
  if (content.form === 'mv')
    return (
      <MusicVideoChooser
        onChoose={(key) => void navigate(`${MUSIC_VIDEO_BASE_PATH}${key}`)}
        onClose={() => void navigate('/story')}
      />
    );
  return (
    <PageContainer className="flex flex-col gap-6">
      <Link
        to="/story"
        onClick={clearBackButtonDrafts}
        className="flex w-fit items-center gap-1.5 text-sm font-medium text-zinc-600 hover:text-zinc-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back
      </Link>
      <header
        className={`relative overflow-hidden rounded-3xl bg-gradient-to-br ${banner.gradient} px-6 py-10 text-white shadow-lg sm:px-10`}
      >
        <span className="absolute -top-6 -right-6 opacity-20 [&>svg]:size-40" aria-hidden>
          {banner.icon}
        </span>
        <h1 className="relative text-3xl font-semibold tracking-tight sm:text-4xl">
          {content.title}
        </h1>
        <p className="relative mt-2 max-w-2xl text-white/85">{content.description}</p>
      </header>
      {content.form === 'script' ? (
        <ExplainerForm />
      ) : content.form === 'asmr' ? (
        <AsmrForm />
      ) : content.form === 'lyrics' ? (
        <LyricsForm />
      ) : (
        <VlogForm />
      )}
    </PageContainer>
  );
}
