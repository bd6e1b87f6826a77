import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';

/** Parts shared by the creation forms: a titled section, a collapsible one, a switch. */
export function Section(props: {
  title: string;
  /** The field the title labels, when the section holds one. */
  htmlFor?: string;
  /** Something shown at the title's end (a link, a counter). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-zinc-800">
          {props.htmlFor ? <label htmlFor={props.htmlFor}>{props.title}</label> : props.title}
        </h2>
        {props.aside}
      </div>
      {props.children}
    </section>
  );
}

export function Collapsible({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="rounded-xl border border-zinc-200">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between px-3 py-2.5 text-sm font-semibold text-zinc-800"
      >
        {title}
        <ChevronDown className={clsx('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open ? <div className="flex flex-col gap-2 px-3 pb-3">{children}</div> : null}
    </section>
  );
}

export function Toggle(props: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-zinc-800">
      {props.label}
      <input
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
        className="size-4 accent-brand-600"
      />
    </label>
  );
}

/** A row of choices of which one is picked (aspect ratios, video formats). */
export function ChoiceRow<T extends string>(props: {
  label: string;
  choices: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className="flex gap-2" role="radiogroup" aria-label={props.label}>
      {props.choices.map((choice) => (
        <button
          key={choice}
          type="button"
          role="radio"
          aria-checked={props.value === choice}
          onClick={() => props.onChange(choice)}
          className={clsx(
            'flex-1 rounded-xl border px-3 py-2 text-sm font-medium',
            props.value === choice
              ? 'border-brand-600 bg-brand-50 text-brand-700'
              : 'border-zinc-200 text-zinc-700',
          )}
        >
          {choice}
        </button>
      ))}
    </div>
  );
}
