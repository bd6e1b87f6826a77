import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

/** The styled panel of a Radix dropdown menu. */
export function MenuContent({
  children,
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={8}
        align="end"
        className={clsx(
          'z-50 min-w-52 animate-fade-in rounded-2xl border border-zinc-200 bg-white p-1.5 shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

interface MenuItemProps extends ComponentProps<typeof DropdownMenu.Item> {
  icon?: ReactNode;
}

export function MenuItem({ icon, children, className, ...props }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      className={clsx(
        'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-sm text-zinc-800 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-zinc-100',
        className,
      )}
      {...props}
    >
      {icon ? <span className="text-zinc-500 [&>svg]:size-4">{icon}</span> : null}
      {children}
    </DropdownMenu.Item>
  );
}
