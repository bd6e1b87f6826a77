import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const widths = {
  narrow: 'max-w-2xl',
  medium: 'max-w-3xl',
  wide: 'max-w-4xl',
  full: 'max-w-7xl',
} as const;

interface PageContainerProps {
  children: ReactNode;
  /** The column's max width; `full` for grids, narrower for forms and single stories. */
  width?: keyof typeof widths;
  /** Layout classes (not a max width: use `width`). */
  className?: string;
}

/** The centred content column used by every page. */
export function PageContainer({ children, width = 'full', className }: PageContainerProps) {
  return (
    <main className={clsx('mx-auto w-full px-4 py-8 sm:px-6 lg:px-8', widths[width], className)}>
      {children}
    </main>
  );
}
