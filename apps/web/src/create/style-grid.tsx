import { STYLE_GRID, styleLabel } from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { fetchGenerationProviders } from './explainer/explainer-api';
import { previewUrls } from './preview-scenes';

/**
 * The visual style grid (spec 2 §2, §9): each style's sample picture (one scene drawn in every
 * style by the local illustrator at build time) and its name, 4 columns (2 on phones), about
 * 6 styles in view (4 on phones) before it scrolls; the Custom entry's free text below.
 */
export function StyleGrid(props: {
  value: string;
  onChange: (value: string) => void;
  customStyle: string;
  onCustomStyle: (text: string) => void;
  /** 'narrow' in a side column (the explainer's settings), 'wide' in the main one. */
  width: 'narrow' | 'wide';
}) {
  // The offline illustrator's styles are named for what it draws.
  const { data: providers } = useQuery({
    queryKey: ['generation-providers'],
    queryFn: fetchGenerationProviders,
    staleTime: Infinity,
  });
  return (
    <>
      <div
        className={clsx(
          // About 6 styles in view (1.5 rows of 4), 4 on phones (2 rows of 2).
          'grid max-h-[16rem] auto-rows-max grid-cols-2 gap-2 overflow-y-auto pr-1 sm:max-h-[13rem] sm:grid-cols-4',
          props.width === 'narrow' ? 'lg:max-h-[8.5rem]' : 'lg:max-h-[15rem]',
        )}
        role="radiogroup"
        aria-label="Visual style"
      >
        {STYLE_GRID.map((style) => (
          <button
            key={style.value}
            type="button"
            role="radio"
            aria-checked={props.value === style.value}
            onClick={() => props.onChange(style.value)}
            title={style.description}
            className={clsx(
              'flex min-w-0 flex-col overflow-hidden rounded-lg border text-left',
              props.value === style.value
                ? 'border-brand-600 bg-brand-50 text-brand-700 ring-2 ring-brand-100'
                : 'border-zinc-200 text-zinc-700 hover:bg-zinc-50',
            )}
          >
            <img
              src={previewUrls.style(style.value)}
              alt=""
              loading="lazy"
              className="aspect-[3/2] w-full shrink-0 bg-zinc-100 object-cover"
            />
            {/* Words are never cut: a long name fits its card at this size (4 narrow columns). */}
            <span
              className={clsx(
                'py-1 leading-tight font-medium',
                props.width === 'narrow'
                  ? 'px-0.5 text-[11px] tracking-tight lg:text-[10px]'
                  : 'px-1 text-xs',
              )}
            >
              {styleLabel(style, providers?.image)}
            </span>
          </button>
        ))}
      </div>
      {props.value === 'custom' ? (
        <input
          aria-label="Custom style"
          value={props.customStyle}
          maxLength={200}
          onChange={(e) => props.onCustomStyle(e.target.value)}
          placeholder="Describe your style, e.g. ink wash painting"
          className="h-10 rounded-xl border border-zinc-300 px-3 text-sm"
        />
      ) : null}
    </>
  );
}
