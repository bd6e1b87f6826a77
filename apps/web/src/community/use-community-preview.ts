import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { currentPath } from '../auth/callback-url';
import { communityStoryPath, previewCloseDestination } from './preview-path';

/**
 * Which community story is open in the preview. Opening rewrites the address bar to
 * /story/community/{id} without a navigation (history.replaceState, so the router keeps the
 * page underneath); closing restores the page's address, or goes to /story when the page is
 * itself a community or share story link.
 */
export function useCommunityPreview(initialId: string | null = null) {
  const location = useLocation();
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<string | null>(initialId);
  const pagePath = currentPath(location);
  const { pathname } = location;

  const open = useCallback((id: string) => {
    setOpenId(id);
    window.history.replaceState(window.history.state, '', communityStoryPath(id));
  }, []);

  const close = useCallback(() => {
    setOpenId(null);
    const destination = previewCloseDestination(pathname);
    if (destination) void navigate(destination);
    else window.history.replaceState(window.history.state, '', pagePath);
  }, [navigate, pathname, pagePath]);

  return { openId, open, close };
}
