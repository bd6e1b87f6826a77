import type { ReactNode } from 'react';

/** The text shown when a list has nothing in it. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="col-span-full flex flex-col items-center gap-4 rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-14 text-center">
      <p className="max-w-md text-sm text-zinc-600">{text}</p>
      {children}
    </div>
  );
}
