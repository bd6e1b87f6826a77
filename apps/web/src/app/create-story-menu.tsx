import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CREATE_STORY_MENU, MESSAGES } from '@storyloom/core';
import { ChevronDown, Clapperboard, FileText, Music, Plus, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/use-current-user';
import { requireSignIn } from '../auth/use-require-sign-in';
import { useStartBlankStory } from '../story/use-start-blank-story';
import { buttonClass } from '../ui/button-styles';
import { MenuContent, MenuItem } from '../ui/menu';

const icons: Record<string, ReactNode> = {
  '/story/create/vlog': <UserRound />,
  '/story/create/mv': <Music />,
  '/story/create/script': <FileText />,
  '/story/editor': <Clapperboard />,
};

/**
 * The Create Story dropdown (spec 1 §2). The create pages guard themselves (signed-out users
 * are sent to sign-in with that page as callbackUrl); From Scratch needs a story id, so it
 * creates a blank story first and opens /story/editor?story_id=... in this tab.
 */
export function CreateStoryMenu() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useCurrentUser();
  const { start, isPending } = useStartBlankStory();

  const select = (href: string) => {
    if (href !== '/story/editor') {
      void navigate(href);
    } else if (!user) {
      requireSignIn(navigate, location, '/story/editor');
    } else {
      start({});
    }
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass('primary', 'sm')} disabled={isPending}>
        <Plus className="size-4" aria-hidden />
        {MESSAGES.home.createStory}
        <ChevronDown className="size-3.5 opacity-80" aria-hidden />
      </DropdownMenu.Trigger>
      <MenuContent>
        {CREATE_STORY_MENU.map((entry) => (
          <MenuItem key={entry.label} icon={icons[entry.href]} onSelect={() => select(entry.href)}>
            {entry.label}
          </MenuItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
