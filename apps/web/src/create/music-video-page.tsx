import { VIDEO_TYPE_LABELS } from '@storyloom/core';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { clearBackButtonDrafts } from './creation-drafts';
import { PageContainer } from '../ui/page-container';
import { MUSIC_VIDEO_BASE_PATH, MusicVideoChooser } from './music-video/music-video-chooser';
import { isMusicVideoType } from './music-video/music-video-form-model';
import { MusicVideoForm } from './music-video/music-video-form';
import { useState } from 'react';

/**
 * /music-video/{videotype slug} (spec 2 §2): the form of that type; without a known type, the
 * full-screen chooser. Re-selecting replaces the address without reloading the page.
 */
export function MusicVideoPage() {
  const { slug } = useParams();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const type = isMusicVideoType(slug) ? slug : null;
  const chooser = (
    <MusicVideoChooser
      onChoose={(key) => {
        setChoosing(false);
        void navigate(`${MUSIC_VIDEO_BASE_PATH}${key}`, { replace: true });
      }}
      onClose={() => (type ? setChoosing(false) : void navigate('/story'))}
    />
  );
  if (!type) return chooser;
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
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Music Video</h1>
        <p className="mt-1 text-sm text-zinc-600">{VIDEO_TYPE_LABELS[type]}</p>
      </div>
      <MusicVideoForm videoType={type} onReselect={() => setChoosing(true)} />
      {choosing ? chooser : null}
    </PageContainer>
  );
}
