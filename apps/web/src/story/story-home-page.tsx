import { PageContainer } from '../ui/page-container';
import { CommunityStoriesSection } from './community-stories-section';
import { CreateYourWaySection } from './create-your-way-section';
import { MyStorySection } from './my-story-section';
import { WebEditingPromoDialog } from './web-editing-promo-dialog';

/**
 * /story: Create Your Way, My Story, Community Stories (spec 1 §2). A share link shows it
 * under its preview, without the promo.
 */
export function StoryHomePage({ showPromo = true }: { showPromo?: boolean }) {
  return (
    <PageContainer className="flex flex-col gap-12">
      <CreateYourWaySection />
      <MyStorySection />
      <CommunityStoriesSection />
      {showPromo ? <WebEditingPromoDialog /> : null}
    </PageContainer>
  );
}
