import { Link, useLocation } from 'react-router';
import { currentPath, signInPath, signUpPath } from '../auth/callback-url';
import { useCurrentUser } from '../auth/use-current-user';
import { buttonClass } from '../ui/button-styles';
import { CreateStoryMenu } from './create-story-menu';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { UserMenu } from './user-menu';

/** Logo, main navigation, Create Story, and the account menu or the sign-in buttons. */
export function SiteHeader() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  const here = currentPath(location);
  const comeBack = here !== '/story';
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/story" aria-label="Storyloom home">
          <Logo compact />
        </Link>
        <MainNav className="hidden md:flex" />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <CreateStoryMenu />
          {isPending ? (
            <span className="size-9 animate-pulse rounded-full bg-zinc-200" aria-hidden />
          ) : user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Link
                to={comeBack ? signInPath(here) : '/signin'}
                className={buttonClass('ghost', 'sm')}
              >
                Sign in
              </Link>
              <span className="hidden sm:block">
                <Link
                  to={comeBack ? signUpPath(here) : '/signup'}
                  className={buttonClass('secondary', 'sm')}
                >
                  Sign up
                </Link>
              </span>
            </>
          )}
        </div>
      </div>
      <MainNav className="mx-auto max-w-7xl overflow-x-auto px-4 pb-2 md:hidden" />
    </header>
  );
}
