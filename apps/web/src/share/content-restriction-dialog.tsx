import { MESSAGES } from '@storyloom/core';
import { Ban } from 'lucide-react';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** Shown when publishing fails with COMMUNITY_CONTENT_MODERATION (spec 1 §2, §8). */
export function ContentRestrictionDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const texts = MESSAGES.contentRestriction;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={texts.title}
      hideClose
    >
      <ul className="mt-4 flex flex-col gap-2">
        {texts.items.map((item) => (
          <li key={item} className="flex items-center gap-2.5 text-sm text-zinc-700">
            <Ban className="size-4 shrink-0 text-red-500" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
      <Button className="mt-6 w-full" onClick={onClose}>
        {texts.close}
      </Button>
    </Dialog>
  );
}
