import { Navigate, Outlet, useLocation } from 'react-router';
import { currentPath, signInPath } from '../auth/callback-url';
import { useCurrentUser } from '../auth/use-current-user';
import { Spinner } from '../ui/spinner';

/** Route gate: signed-out visitors go to sign-in and come back here afterwards. */
export function RequireAuth() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <Spinner />;
  if (!user) return <Navigate to={signInPath(currentPath(location))} replace />;
  return <Outlet />;
}
