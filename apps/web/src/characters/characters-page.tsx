import { CHARACTER_NAME_MAX, type Character } from '@storyloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { Button } from '../ui/button';
import { PageContainer } from '../ui/page-container';
import {
  characterQueryKeys,
  deleteCharacter,
  fetchMyCharacters,
  renameCharacter,
} from './characters-api';
import { QuickCharacterForm } from './quick-character-form';
import { Link } from 'react-router';

function CharacterRow({ character }: { character: Character }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(character.model_name);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: characterQueryKeys.mine });
  const rename = useMutation({
    mutationFn: () => renameCharacter(character.id, name.trim()),
    onSuccess: async () => {
      setEditing(false);
      await refresh();
    },
    onError: (failure) => setError(failure.message),
  });
  const remove = useMutation({
    mutationFn: () => deleteCharacter(character.id),
    onSuccess: refresh,
    onError: (failure) => setError(failure.message),
  });
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-zinc-200 bg-white p-3 shadow-sm"
      data-testid="my-character"
    >
      <img
        src={character.image_url}
        alt=""
        className="aspect-square w-full rounded-xl bg-zinc-100 object-cover"
      />
      {editing ? (
        <form
          className="flex gap-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim().length === 0) {
              setError('Please enter a name');
              return;
            }
            rename.mutate();
          }}
        >
          <input
            aria-label="New name"
            value={name}
            maxLength={CHARACTER_NAME_MAX}
            autoFocus
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            className="h-8 min-w-0 flex-1 rounded-lg border border-zinc-300 px-2 text-sm"
          />
          <Button type="submit" size="xs" disabled={rename.isPending}>
            Save
          </Button>
        </form>
      ) : (
        <div className="flex items-center justify-between gap-2">
          <span className="truncate text-sm font-semibold text-zinc-900">
            {character.model_name}
          </span>
          <span className="flex gap-1">
            <button
              type="button"
              aria-label={`Rename ${character.model_name}`}
              onClick={() => setEditing(true)}
              className="rounded-lg p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
            >
              <Pencil className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              aria-label={`Delete ${character.model_name}`}
              disabled={remove.isPending}
              onClick={() => {
                if (
                  window.confirm(
                    `Delete ${character.model_name}? Stories made with it keep their pictures.`,
                  )
                )
                  remove.mutate();
              }}
              className="rounded-lg p-1.5 text-zinc-500 hover:bg-red-50 hover:text-red-600"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </span>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** /characters: the user's own characters — create a quick one, rename, delete. */
export function CharactersPage() {
  const { user } = useCurrentUser();
  const mine = useQuery({
    queryKey: characterQueryKeys.mine,
    queryFn: fetchMyCharacters,
    enabled: Boolean(user),
  });
  return (
    <PageContainer className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Characters</h1>
        <p className="text-sm text-zinc-600">
          A character made from one clear picture appears in every shot of your vlogs. Use it from
          the character picker of the{' '}
          <Link to="/story/create/vlog" className="font-medium text-brand-700 underline">
            Character Vlog
          </Link>{' '}
          form.
        </p>
      </header>
      {user === null ? (
        <p className="rounded-2xl border border-zinc-200 bg-white p-6 text-sm text-zinc-700">
          <Link
            to="/signin?callbackUrl=/characters"
            className="font-medium text-brand-700 underline"
          >
            Sign in
          </Link>{' '}
          to create and manage your characters.
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <section className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm">
            <h2 className="text-base font-semibold text-zinc-900">New quick character</h2>
            <QuickCharacterForm />
          </section>
          <section className="flex flex-col gap-3">
            <h2 className="text-base font-semibold text-zinc-900">My characters</h2>
            {mine.isPending ? (
              <p className="text-sm text-zinc-500">Loading…</p>
            ) : (mine.data ?? []).length === 0 ? (
              <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-sm text-zinc-600">
                No characters yet. Give one a name and a picture to start.
              </p>
            ) : (
              <ul
                className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"
                aria-label="My characters"
              >
                {mine.data!.map((c) => (
                  <CharacterRow key={c.id} character={c} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </PageContainer>
  );
}
