import { MESSAGES } from '@storyloom/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClass } from '../ui/button-styles';
import { ComingSoonNotice } from '../ui/coming-soon-notice';
import { PageContainer } from '../ui/page-container';

/** /story/create/workflow/{workflowRunId}?category_id=...: the wait screen after a submit. */
export function WorkflowWaitPage() {
  const { workflowRunId } = useParams();
  const [searchParams] = useSearchParams();
  const categoryId = searchParams.get('category_id');
  return (
    <PageContainer width="medium" className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Creating your story</h1>
        <p className="mt-1 text-sm break-all text-zinc-600">
          Workflow {workflowRunId}
          {categoryId ? ` · ${categoryId}` : null}
        </p>
      </div>
      <ComingSoonNotice title="The live progress screen arrives soon.">
        <p>
          Your story keeps generating in the background. {MESSAGES.workflow.processingTime} Its card
          in My stories shows the progress meanwhile.
        </p>
        <Link to="/story/my" className={buttonClass('secondary', 'sm', 'mt-4')}>
          Go to My stories
        </Link>
      </ComingSoonNotice>
    </PageContainer>
  );
}
