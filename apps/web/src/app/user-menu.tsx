import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { CurrentUser } from '@storyloom/core';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { authClient } from '../auth/auth-client';
import { queryKeys } from '../lib/query-keys';
import { useProfile } from '../profile/use-profile';
import { MenuContent, MenuItem } from '../ui/menu';
import { Avatar } from '../ui/avatar';

/** The signed-in user's menu: who they are, Profile, API keys, Sign out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const avatarUrl = useProfile().data?.avatarUrl ?? null;

  const signOut = async () => {
    await authClient.signOut();
    // Leave any signed-in-only page first, then mark the visitor signed out and drop what
    // only the previous user could see (without refetching it as a visitor).
    await navigate('/story');
    queryClient.setQueryData(queryKeys.me, null);
    for (const queryKey of [queryKeys.profile, queryKeys.stories.mine(), ['stories', 'detail']]) {
      queryClient.removeQueries({ queryKey });
    }
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="rounded-full ring-offset-2 transition-shadow hover:ring-2 hover:ring-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <Avatar name={user.displayName} url={avatarUrl} />
      </DropdownMenu.Trigger>
      <MenuContent>
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-zinc-900">{user.displayName}</p>
          <p className="truncate text-xs text-zinc-500">{user.email}</p>
        </div>
        <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />
        <MenuItem icon={<UserRound />} onSelect={() => void navigate('/profile')}>
          Profile
        </MenuItem>
        <MenuItem icon={<KeyRound />} onSelect={() => void navigate('/settings/api-keys')}>
          API keys
        </MenuItem>
        <MenuItem icon={<LogOut />} data-testid="sign-out" onSelect={() => void signOut()}>
          Sign out
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
