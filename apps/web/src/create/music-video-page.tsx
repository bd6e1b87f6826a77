import { MESSAGES, VIDEO_TYPE_LABELS, videoTypeSchema } from '@storyloom/core';
import { useParams } from 'react-router';
import { ComingSoonNotice } from '../ui/coming-soon-notice';
import { PageContainer } from '../ui/page-container';

/** /music-video/{videotype slug}: the music-video modal's address (spec 2 §2). */
export function MusicVideoPage() {
  const { slug } = useParams();
  const type = videoTypeSchema.safeParse(slug);
  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Music Video</h1>
        <p className="mt-1 text-sm text-zinc-600">
          {type.success ? VIDEO_TYPE_LABELS[type.data] : MESSAGES.generate.chooseMusicVideoType}
        </p>
      </div>
      <ComingSoonNotice title="The music video form arrives soon.">
        You will choose a video type, bring a song and generate a music video here.
      </ComingSoonNotice>
    </PageContainer>
  );
}
