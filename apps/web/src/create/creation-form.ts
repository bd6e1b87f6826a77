import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';

/**
 * A react-hook-form resolver from a form's one check (its own rules, then core's request
 * schema through `requestError`): the values pass as they are, or the form's one message is
 * its root error.
 */
export function requestResolver<V extends FieldValues>(
  check: (values: V) => string | null,
): Resolver<V> {
  return (values) => {
    const message = check(values);
    if (message === null) return { values, errors: {} };
    return { values: {}, errors: { root: { type: 'request', message } } } as ResolverResult<V>;
  };
}

export interface CreationFormOptions<V extends FieldValues> {
  /** The form's starting values: its defaults, or its saved draft. */
  initial: () => V;
  /** The form's one check: its first message, or null when it can be submitted. */
  check: (values: V) => string | null;
  /**
   * The local-storage key of the form's draft (kept on every change), if it keeps one: a
   * key, or the key of the values shown (one draft per type).
   */
  draftKey?: string | ((values: V) => string);
  /** Called on every edit (e.g. to clear the server's last answer). */
  onEdit?: () => void;
}

/**
 * The creation forms' one form approach: react-hook-form holds the values, validated on
 * submit by the form's check (core's request schema); `values` and `error` are what the form
 * shows now; `set` changes a field, `update` several at once (a rule that moves others);
 * `submit` runs the check, then `send` with the checked values. A form with a draft key keeps
 * its draft in local storage, one per key (type).
 */
export function useCreationForm<V extends FieldValues>(options: CreationFormOptions<V>) {
  const { check, draftKey } = options;
  const onEdit = useRef(options.onEdit);
  onEdit.current = options.onEdit;
  const resolver = useMemo(() => requestResolver(check), [check]);
  const [initial] = useState(options.initial);
  const form = useForm<V>({ defaultValues: initial as DefaultValues<V>, resolver });
  const values = form.watch();

  // Written when the values change, not on every render: a draft cleared after a submit stays
  // cleared while the form is still shown.
  const key = typeof draftKey === 'function' ? draftKey(values) : draftKey;
  const draft = key ? JSON.stringify(values) : null;
  useEffect(() => {
    if (key && draft !== null) globalThis.localStorage?.setItem(key, draft);
  }, [key, draft]);

  const update = useCallback(
    (change: (current: V) => V) => {
      const current = form.getValues();
      const next = change(current);
      const changed = (Object.keys(next) as (keyof V & string)[]).filter(
        (field) => !Object.is(next[field], current[field]),
      );
      if (changed.length === 0) return;
      onEdit.current?.();
      for (const field of changed)
        form.setValue(field as never, next[field], { shouldDirty: true });
    },
    [form],
  );
  const set = useCallback(
    <K extends keyof V & string>(key: K, value: V[K]) =>
      update((current) => ({ ...current, [key]: value })),
    [update],
  );
  const submit = useCallback(
    (send: (checked: V) => Promise<void> | void) => form.handleSubmit(send)(),
    [form],
  );
  return { form, values, error: check(values), set, update, submit };
}
