import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '../ui/button-styles';
import { PageContainer } from '../ui/page-container';
import { NotFoundPage } from './not-found-page';

/** Shown when a route throws while rendering, instead of a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-semibold text-zinc-900">Something went wrong</h1>
      <p className="max-w-md text-sm text-zinc-600">{message}</p>
      <Link to="/story" reloadDocument className={buttonClass('primary')}>
        Back to stories
      </Link>
    </PageContainer>
  );
}
