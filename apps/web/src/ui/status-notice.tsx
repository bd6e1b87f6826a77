import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatusNoticeProps {
  /** The plain sentence saying what is wrong, e.g. 'Story not found'. */
  title: string;
  children?: ReactNode;
}

/** A screen-sized notice for what cannot be shown (a missing story, a failed load). */
export function StatusNotice({ title, children }: StatusNoticeProps) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-12 text-center"
    >
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
        <CircleAlert className="size-6" aria-hidden />
      </span>
      <p className="text-base font-semibold text-zinc-900">{title}</p>
      {children ? <div className="max-w-prose text-sm text-zinc-600">{children}</div> : null}
    </div>
  );
}
