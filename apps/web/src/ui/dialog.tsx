import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read by screen readers; shown under the title when `showDescription` is set. */
  description?: ReactNode;
  showDescription?: boolean;
  children?: ReactNode;
  /** Panel width: md for confirmations and notices, lg for media, xl (960px) for editors. */
  size?: 'md' | 'lg' | 'xl';
  /** Extra classes for the panel (not its width: use `size`). */
  className?: string;
  hideClose?: boolean;
}

/**
 * A centred modal on Radix Dialog: focus trap, Escape and outside-click close, titled. It sits
 * above the full-screen story preview (z-50), so confirmations opened from it are on top.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  showDescription = true,
  children,
  size = 'md',
  className,
  hideClose = false,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] animate-fade-in bg-zinc-950/50 backdrop-blur-sm" />
        <RadixDialog.Content
          className={clsx(
            'fixed top-1/2 left-1/2 z-[60] max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none',
            { md: 'max-w-md', lg: 'max-w-3xl', xl: 'max-w-[960px]' }[size],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title
            className={clsx('text-lg font-semibold text-zinc-900', hideClose ? null : 'pr-8')}
          >
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description
              className={showDescription ? 'mt-2 text-sm text-zinc-600' : 'sr-only'}
            >
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {hideClose ? null : (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 rounded-full p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
            >
              <X className="size-4" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
