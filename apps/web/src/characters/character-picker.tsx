import {
  CHARACTER_TYPES,
  MESSAGES,
  pickCharacter,
  selectedFromCharacter,
  type Character,
  type SelectedCharacter,
} from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, ExternalLink, Plus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { characterQueryKeys, fetchMyCharacters, fetchPremadeCharacters } from './characters-api';
import { QuickCharacterForm } from './quick-character-form';

/** Premade characters shown inline before "All Characters". */
const INLINE_PREMADE = 4;

const TYPE_LABELS: Record<string, string> = {
  people: 'People',
  animals: 'Animals',
  fantasy: 'Fantasy',
};

function CharacterCard(props: {
  character: Character;
  picked: boolean;
  onPick: () => void;
  size?: 'sm' | 'md';
}) {
  const name = props.character.modelData?.character_name ?? props.character.model_name;
  return (
    <button
      type="button"
      aria-pressed={props.picked}
      aria-label={name}
      onClick={props.onPick}
      className={clsx(
        'group relative flex flex-col items-center gap-1 rounded-xl border p-1.5 text-xs font-medium',
        props.picked
          ? 'border-brand-600 bg-brand-50 text-brand-700'
          : 'border-zinc-200 text-zinc-700 hover:border-zinc-300 hover:bg-zinc-50',
      )}
    >
      <img
        src={props.character.image_url}
        alt=""
        loading="lazy"
        className={clsx(
          'aspect-square w-full rounded-lg bg-zinc-100 object-cover',
          props.size === 'sm' ? 'max-w-16' : 'max-w-24',
        )}
      />
      <span className="max-w-full truncate">{name}</span>
      {props.picked ? (
        <span className="absolute top-1 right-1 rounded-full bg-brand-600 p-0.5 text-white">
          <Check className="size-3" aria-hidden />
        </span>
      ) : null}
    </button>
  );
}

/**
 * The character picker (spec 2 §2, §5), shared by the vlog and music-video forms: the user's
 * own characters and the premade library, the "All Characters" dialog (grouped by
 * characterType), the Quick Reference dialog and the "Train Character for Higher Consistency"
 * link. At most `max` characters (1 for music types, 2 elsewhere), never the same one twice;
 * with a maximum of 1 a new pick replaces the old.
 */
export function CharacterPicker(props: {
  selected: readonly SelectedCharacter[];
  onChange: (selected: SelectedCharacter[]) => void;
  max: number;
}) {
  const { user } = useCurrentUser();
  const [allOpen, setAllOpen] = useState(false);
  const [quickOpen, setQuickOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const premade = useQuery({
    queryKey: characterQueryKeys.premade,
    queryFn: fetchPremadeCharacters,
    staleTime: Infinity,
  });
  // The user's own characters appear only when signed in (spec 2 §6).
  const mine = useQuery({
    queryKey: characterQueryKeys.mine,
    queryFn: fetchMyCharacters,
    enabled: Boolean(user),
  });
  const pickedIds = new Set(props.selected.map((c) => c.id));

  function toggle(character: Character) {
    setNotice(null);
    if (pickedIds.has(character.id)) {
      props.onChange(props.selected.filter((c) => c.id !== character.id));
      return;
    }
    const next = pickCharacter(props.selected, selectedFromCharacter(character), props.max);
    if (next === props.selected) {
      setNotice(`You can pick up to ${props.max} characters`);
      return;
    }
    props.onChange([...next]);
  }

  const own = mine.data ?? [];
  const library = premade.data ?? [];
  return (
    <div className="flex flex-col gap-3" data-testid="character-picker">
      {props.selected.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Selected characters">
          {props.selected.map((c, index) => (
            <li
              key={c.id}
              className="flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-1 text-sm text-brand-800"
            >
              <img src={c.image_url} alt="" className="size-7 rounded-full object-cover" />
              <span className="font-medium">{c.name}</span>
              {index > 0 ? <span className="text-xs text-brand-600">extra</span> : null}
              <button
                type="button"
                aria-label={`Remove ${c.name}`}
                onClick={() => props.onChange(props.selected.filter((s) => s.id !== c.id))}
                className="rounded-full p-1 hover:bg-brand-100"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {own.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <h3 className="text-xs font-semibold text-zinc-500 uppercase">My characters</h3>
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {own.map((c) => (
              <CharacterCard
                key={c.id}
                character={c}
                picked={pickedIds.has(c.id)}
                onPick={() => toggle(c)}
              />
            ))}
          </div>
        </div>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <h3 className="text-xs font-semibold text-zinc-500 uppercase">
          {MESSAGES.generate.byTheProvider}
        </h3>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {library.slice(0, INLINE_PREMADE).map((c) => (
            <CharacterCard
              key={c.id}
              character={c}
              picked={pickedIds.has(c.id)}
              onPick={() => toggle(c)}
            />
          ))}
          {premade.isPending
            ? Array.from({ length: INLINE_PREMADE }, (_, i) => (
                <div key={i} className="aspect-square animate-pulse rounded-xl bg-zinc-100" />
              ))
            : null}
        </div>
      </div>

      {notice ? (
        <p role="status" className="text-sm text-amber-700">
          {notice}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => setAllOpen(true)}>
          <Users className="size-4" aria-hidden />
          {MESSAGES.generate.allCharacters}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => setQuickOpen(true)}>
          <Plus className="size-4" aria-hidden />
          Quick Reference
        </Button>
        <a
          href="/characters"
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 rounded-xl px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {MESSAGES.generate.trainCharacter}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      </div>

      <Dialog
        open={allOpen}
        onOpenChange={setAllOpen}
        title={MESSAGES.generate.allCharacters}
        size="lg"
      >
        <h3 className="mt-4 text-sm font-semibold text-zinc-800">
          {MESSAGES.generate.byTheProvider}
        </h3>
        {CHARACTER_TYPES.map((type) => {
          const group = library.filter((c) => c.characterType === type);
          if (group.length === 0) return null;
          return (
            <section
              key={type}
              className="mt-3 flex flex-col gap-2"
              aria-label={TYPE_LABELS[type] ?? type}
            >
              <h4 className="text-xs font-semibold text-zinc-500 uppercase">
                {TYPE_LABELS[type] ?? type}
              </h4>
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
                {group.map((c) => (
                  <CharacterCard
                    key={c.id}
                    character={c}
                    picked={pickedIds.has(c.id)}
                    onPick={() => toggle(c)}
                  />
                ))}
              </div>
            </section>
          );
        })}
        <div className="mt-5 flex justify-end">
          <Button onClick={() => setAllOpen(false)}>Done</Button>
        </div>
      </Dialog>

      <Dialog
        open={quickOpen}
        onOpenChange={setQuickOpen}
        title="Quick Reference"
        description="Make a character from a name and one picture; it appears in every shot."
      >
        <div className="mt-4">
          <QuickCharacterForm
            submitLabel="Create and use"
            onCreated={(character) => {
              setQuickOpen(false);
              const next = pickCharacter(
                props.selected,
                selectedFromCharacter(character),
                props.max,
              );
              if (next !== props.selected) props.onChange([...next]);
            }}
          />
        </div>
      </Dialog>
    </div>
  );
}
