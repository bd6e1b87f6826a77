import { useParams } from 'react-router';
import { useCommunityPreview } from '../community/use-community-preview';
import { StoryPreviewDialog } from '../preview/story-preview-dialog';
import { StoryHomePage } from '../story/story-home-page';

/**
 * /story/share/{id}, the public share link: the story home with the story open in the
 * community preview; it works signed out. Closing goes to /story (spec 1 §2). The server
 * sends this page's HTML with the story's Open Graph and Twitter card meta.
 */
export function SharePage() {
  const { id } = useParams();
  const preview = useCommunityPreview(id ?? null);
  return (
    <>
      <StoryHomePage showPromo={preview.openId === null} />
      <StoryPreviewDialog
        variant="community"
        storyId={preview.openId}
        stories={[]}
        onNavigate={preview.open}
        onClose={preview.close}
      />
    </>
  );
}
