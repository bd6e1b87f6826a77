import { Outlet } from 'react-router';
import { SiteHeader } from './site-header';

/** Header plus the routed page. The auth pages render outside of it. */
export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  );
}
