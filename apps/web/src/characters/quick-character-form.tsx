import {
  MESSAGES,
  QUICK_CHARACTER_IMAGE_TYPES,
  CHARACTER_NAME_MAX,
  type Character,
} from '@storyloom/core';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { uploadImage } from '../lib/media-api';
import { Button } from '../ui/button';
import { characterQueryKeys, createQuickCharacter } from './characters-api';

/** The file picker's accepted types: jpeg, jpg, png, webp (spec 2 §5). */
const ACCEPT = QUICK_CHARACTER_IMAGE_TYPES.map((t) => `.${t}`).join(',');
const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * A quick character from a name and one picture (the /characters page and the Quick Reference
 * dialog): uploads the picture, then creates the character.
 */
export function QuickCharacterForm(props: {
  onCreated?: (character: Character) => void;
  submitLabel?: string;
}) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  async function submit() {
    if (!file || name.trim().length === 0) {
      setError(MESSAGES.generate.quickCharacterRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let imageUrl: string;
      try {
        imageUrl = await uploadImage(file, file.name);
      } catch (failure) {
        console.error('Image upload failed', failure);
        setError(MESSAGES.generate.imageUploadFailed);
        return;
      }
      const character = await createQuickCharacter({ name: name.trim(), image_url: imageUrl });
      await queryClient.invalidateQueries({ queryKey: characterQueryKeys.mine });
      setName('');
      setFile(null);
      props.onCreated?.(character);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  const preview = file ? URL.createObjectURL(file) : null;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
        Character name
        <input
          value={name}
          maxLength={CHARACTER_NAME_MAX}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          placeholder="e.g. Mia"
          className="h-10 rounded-xl border border-zinc-300 px-3 text-sm font-normal"
        />
      </label>
      <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-zinc-300 p-3 text-sm text-zinc-700 hover:bg-zinc-50">
        {preview ? (
          <img
            src={preview}
            alt=""
            className="size-16 rounded-lg object-cover"
            onLoad={() => URL.revokeObjectURL(preview)}
          />
        ) : (
          <ImagePlus className="size-8 text-zinc-400" aria-hidden />
        )}
        <span className="flex flex-col">
          <span className="font-medium">{file ? file.name : 'Choose one picture'}</span>
          <span className="text-xs text-zinc-500">JPEG, JPG, PNG or WEBP</span>
        </span>
        <input
          type="file"
          aria-label="Character picture"
          accept={ACCEPT}
          className="sr-only"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setError(null);
            if (chosen && !ACCEPTED_MIME.has(chosen.type)) {
              setFile(null);
              setError('Only jpeg, jpg, png and webp pictures can be used');
              return;
            }
            setFile(chosen);
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating…' : (props.submitLabel ?? 'Create character')}
      </Button>
    </form>
  );
}
