import { Link } from 'react-router';
import { buttonClass } from '../ui/button-styles';
import { PageContainer } from '../ui/page-container';

export function NotFoundPage() {
  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">404</p>
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-900">Page not found</h1>
      <p className="max-w-md text-zinc-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/story" className={buttonClass('primary')}>
        Back to stories
      </Link>
    </PageContainer>
  );
}
