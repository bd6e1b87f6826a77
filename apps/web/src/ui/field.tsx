import { clsx } from 'clsx';
import { type ComponentProps, useId } from 'react';

interface FieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled text input with its validation message. */
export function Field({ label, error, hint, className, id, ...input }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        className={clsx(
          'h-11 rounded-xl border bg-white px-3.5 text-sm text-zinc-900 shadow-sm transition-colors placeholder:text-zinc-400 focus:ring-2 focus:outline-none',
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
            : 'border-zinc-300 focus:border-brand-500 focus:ring-brand-100',
        )}
        {...input}
      />
      {message ? (
        <p id={messageId} className={clsx('text-xs', error ? 'text-red-600' : 'text-zinc-500')}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
