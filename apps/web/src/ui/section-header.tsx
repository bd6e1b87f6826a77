import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SectionHeaderProps {
  title: string;
  viewAllTo?: string;
  viewAllLabel?: string;
  children?: ReactNode;
}

/** A section heading with an optional 'View all' link. */
export function SectionHeader({ title, viewAllTo, viewAllLabel, children }: SectionHeaderProps) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold tracking-tight text-zinc-900">{title}</h2>
        {viewAllTo ? (
          <Link
            to={viewAllTo}
            className="flex items-center gap-0.5 text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            {viewAllLabel ?? 'View all'}
            <ChevronRight className="size-4" aria-hidden />
          </Link>
        ) : null}
      </div>
      {children}
    </div>
  );
}
