import {
  MESSAGES,
  musicUrlServerErrorMessage,
  parseMusicUrlResponseSchema,
  validateMusicUrl,
} from '@storyloom/core';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/** Link formats the dialog shows as examples. */
const EXAMPLES = [
  'https://suno.com/song/3f6c…',
  'https://suno.ai/song/3f6c…',
  'https://www.tiktok.com/music/song-name-7234…',
];

/**
 * The "Parse Music URL" dialog (spec 2 §2, §5, §8): a Suno or TikTok link, checked as typed;
 * Grab Music asks the server for the song, then downloads it so the creator picks a segment.
 */
export function MusicLinkDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSong: (file: File) => void;
  /** The lyrics form takes Suno links only (spec 2 §2). */
  sources?: 'suno' | 'all';
}) {
  const sunoOnly = props.sources === 'suno';
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'grabbing' | 'preparing'>(null);

  async function grab() {
    const invalid = validateMusicUrl(url, props.sources);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy('grabbing');
    setError(null);
    try {
      let response: Response;
      try {
        response = await fetch('/api/media/parse_music_url', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ url: url.trim() }),
        });
      } catch {
        setError(MESSAGES.musicUrl.networkError);
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      const answer = parseMusicUrlResponseSchema.safeParse(body);
      if (!response.ok || !answer.success || !answer.data.success || !answer.data.url) {
        const message = body?.message ?? (answer.success ? answer.data.error : undefined);
        setError(message ? musicUrlServerErrorMessage(message) : MESSAGES.musicUrl.parseFailed);
        return;
      }
      setBusy('preparing');
      const song = await fetch(answer.data.url, { credentials: 'same-origin' }).catch(() => null);
      if (!song?.ok) {
        setError(MESSAGES.musicUrl.downloadFailed);
        return;
      }
      const blob = await song.blob();
      const extension = answer.data.url.split('.').pop() ?? 'mp3';
      const title = answer.data.metadata?.title?.trim() || 'Song';
      props.onSong(
        new File([blob], `${title}.${extension}`, { type: blob.type || `audio/${extension}` }),
      );
      setUrl('');
      props.onOpenChange(false);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={MESSAGES.musicUrl.parseDialogTitle}
    >
      <div className="mt-4 flex flex-col gap-3">
        <input
          aria-label="Music link"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
          placeholder={
            sunoOnly
              ? 'Paste a suno.ai or suno.com URL'
              : 'Paste a suno.ai, suno.com or tiktok.com URL'
          }
          className="h-10 rounded-xl border border-zinc-300 px-3 text-sm"
        />
        <ul className="flex flex-col gap-0.5 text-xs text-zinc-500" aria-label="Example links">
          {EXAMPLES.filter((example) => !sunoOnly || !example.includes('tiktok')).map((example) => (
            <li key={example}>{example}</li>
          ))}
        </ul>
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => props.onOpenChange(false)}>
            {MESSAGES.musicUrl.cancel}
          </Button>
          <Button
            type="button"
            disabled={url.trim().length === 0 || busy !== null}
            onClick={() => void grab()}
          >
            {busy === 'grabbing'
              ? MESSAGES.musicUrl.grabbing
              : busy === 'preparing'
                ? MESSAGES.musicUrl.preparing
                : MESSAGES.musicUrl.grab}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
