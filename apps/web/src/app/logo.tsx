import { Clapperboard } from 'lucide-react';

/** The Storyloom mark and name; `compact` hides the name on the smallest screens. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2 text-lg font-semibold tracking-tight text-zinc-900">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white shadow-sm">
        <Clapperboard className="size-4.5" aria-hidden />
      </span>
      <span className={compact ? 'hidden sm:inline' : undefined}>Storyloom</span>
    </span>
  );
}
