import { MESSAGES, type CategoryId } from '@storyloom/core';
import { useState } from 'react';
import { CategoryChips } from '../community/category-chips';
import { CommunityGallery } from '../community/community-gallery';
import { CommunitySoundToggle } from '../community/community-sound-toggle';
import { SectionHeader } from '../ui/section-header';

/** Section 3 of the story home: published stories, filterable by category. */
export function CommunityStoriesSection() {
  const [categoryId, setCategoryId] = useState<CategoryId | null>(null);
  return (
    <section className="flex flex-col gap-4">
      <SectionHeader
        title={MESSAGES.home.communityHeading}
        viewAllTo="/story/community"
        viewAllLabel={MESSAGES.home.viewAll}
      />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CategoryChips value={categoryId} onChange={setCategoryId} />
        <CommunitySoundToggle />
      </div>
      <CommunityGallery
        categoryId={categoryId}
        emptyText={MESSAGES.home.communityEmpty}
        infinite={false}
      />
    </section>
  );
}
