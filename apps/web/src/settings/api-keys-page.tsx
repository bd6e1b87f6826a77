import {
  API_KEY_LIMITS,
  API_KEY_SCOPES,
  apiKeyCreateSchema,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@storyloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatStoryDateTime } from '../lib/format-date';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { PageContainer } from '../ui/page-container';
import { Spinner } from '../ui/spinner';
import { apiKeysQueryKey, createApiKey, fetchApiKeys, revokeApiKey } from './api-keys-api';

/** What each scope lets a key do, as the form explains it. */
const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'stories:read': 'Read stories, runs and videos',
  'stories:write': 'Create, change and export stories',
  'media:write': 'Upload media',
  publish: 'Publish and unpublish stories',
};

/** /settings/api-keys: create, list and revoke personal API keys. */
export function ApiKeysPage() {
  const keys = useQuery({ queryKey: apiKeysQueryKey, queryFn: fetchApiKeys });
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <PageContainer width="narrow" className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">API keys</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Make stories from scripts and AI agents: send a key as{' '}
          <code className="rounded bg-zinc-100 px-1">Authorization: Bearer sl_…</code>.
        </p>
      </div>
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      <CreateKeyForm onCreated={setCreated} />
      {keys.data ? (
        <KeyList keys={keys.data} />
      ) : keys.error ? (
        <FormError message={keys.error.message} />
      ) : (
        <Spinner label="Loading API keys" />
      )}
    </PageContainer>
  );
}

function NewKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <section
      aria-label="New API key"
      className="flex flex-col gap-3 rounded-3xl border border-brand-200 bg-brand-50 p-6"
    >
      <p className="text-sm font-semibold text-zinc-900">
        Copy “{created.name}” now: it will not be shown again.
      </p>
      <code
        data-testid="new-api-key"
        className="rounded-xl bg-white px-3 py-2 font-mono text-sm break-all text-zinc-900"
      >
        {created.key}
      </code>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(created.key).then(() => toast.success('Key copied'))
          }
        >
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKeyCreated) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['stories:read']);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createApiKey,
    meta: { errorToast: false },
    onSuccess: (key) => {
      onCreated(key);
      setName('');
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiKeyCreateSchema.safeParse({ name, scopes });
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]?.path[0] === 'scopes'
          ? 'Choose at least one scope'
          : `Give the key a name (at most ${API_KEY_LIMITS.nameMax} characters)`,
      );
      return;
    }
    setError(null);
    create.mutate(parsed.data);
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <FormError message={error} />
      <Field
        label="Name"
        placeholder="e.g. Batch script"
        maxLength={API_KEY_LIMITS.nameMax}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-zinc-800">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={scopes.includes(scope)}
              onChange={(event) =>
                setScopes((held) =>
                  event.target.checked ? [...held, scope] : held.filter((s) => s !== scope),
                )
              }
            />
            <code className="text-xs text-zinc-600">{scope}</code>
            <span>{SCOPE_LABELS[scope]}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}

function KeyList({ keys }: { keys: ApiKey[] }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      toast.success('Key revoked');
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
  if (keys.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-zinc-500">
        <KeyRound className="size-4" aria-hidden /> You have no API keys yet.
      </p>
    );
  return (
    <ul aria-label="Your API keys" className="flex flex-col gap-3">
      {keys.map((key) => (
        <li
          key={key.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm"
        >
          <div className="min-w-0">
            <p className="truncate font-semibold text-zinc-900">{key.name}</p>
            <p className="font-mono text-xs text-zinc-500">{key.prefix}…</p>
            <p className="mt-1 text-xs text-zinc-500">
              {key.scopes.join(', ')} · Created {formatStoryDateTime(key.createdAt)} ·{' '}
              {key.lastUsedAt ? `Last used ${formatStoryDateTime(key.lastUsedAt)}` : 'Never used'}
            </p>
          </div>
          <Button
            variant="secondary"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(key.id)}
            aria-label={`Revoke ${key.name}`}
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
