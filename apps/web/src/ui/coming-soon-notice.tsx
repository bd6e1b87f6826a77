import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';

interface ComingSoonNoticeProps {
  /** The plain sentence saying what is coming, e.g. 'The script-to-video form arrives soon.' */
  title: string;
  children?: ReactNode;
}

/** States plainly that a screen is not built yet, so nothing pretends to work. */
export function ComingSoonNotice({ title, children }: ComingSoonNoticeProps) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-12 text-center"
    >
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
        <Hammer className="size-6" aria-hidden />
      </span>
      <p className="text-base font-semibold text-zinc-900">{title}</p>
      {children ? <div className="max-w-prose text-sm text-zinc-600">{children}</div> : null}
    </div>
  );
}
