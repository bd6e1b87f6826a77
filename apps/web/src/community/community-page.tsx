import { MESSAGES, type CategoryId } from '@storyloom/core';
import { useParams, useSearchParams } from 'react-router';
import { PageContainer } from '../ui/page-container';
import { CategoryChips } from './category-chips';
import { parseCategoryParam } from './category-param';
import { CommunityGallery } from './community-gallery';
import { CommunitySoundToggle } from './community-sound-toggle';

/**
 * /story/community (and /story/community/{id}, which opens that story's preview on top):
 * the full community gallery, filtered by the `category_id` query value.
 */
export function CommunityPage() {
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = parseCategoryParam(searchParams.get('category_id'));

  const selectCategory = (next: CategoryId | null) =>
    setSearchParams(next ? { category_id: next } : {}, { replace: true });

  return (
    <PageContainer className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">
            {MESSAGES.home.communityHeading}
          </h1>
          <p className="mt-1 text-sm text-zinc-600">Stories the community has published.</p>
        </div>
        <CommunitySoundToggle />
      </div>
      <CategoryChips value={categoryId} onChange={selectCategory} />
      <CommunityGallery
        key={id ?? 'gallery'}
        categoryId={categoryId}
        emptyText={MESSAGES.community.empty}
        infinite
        initialPreviewId={id ?? null}
      />
    </PageContainer>
  );
}
