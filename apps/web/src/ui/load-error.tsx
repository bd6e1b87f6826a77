import { Button } from './button';

/** In-place notice for a list that failed to load (the toast says why). */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="col-span-full flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <p className="text-sm text-red-700">Could not load {what}.</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
