import { ComingSoonNotice } from '../ui/coming-soon-notice';
import { PageContainer } from '../ui/page-container';

/** /characters: where characters are trained (opened from the vlog form). */
export function CharactersPage() {
  return (
    <PageContainer className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Characters</h1>
      <ComingSoonNotice title="Character training arrives soon.">
        Train your own character here for higher consistency across the shots of your stories.
      </ComingSoonNotice>
    </PageContainer>
  );
}
