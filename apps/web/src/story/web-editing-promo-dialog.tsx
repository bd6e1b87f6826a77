import { MESSAGES } from '@storyloom/core';
import { MonitorPlay } from 'lucide-react';
import { useCurrentUser } from '../auth/use-current-user';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { usePromoStore } from './promo-store';

/** 'Edit Seamlessly on Web', shown once to signed-in users on the story home. */
export function WebEditingPromoDialog() {
  const { user } = useCurrentUser();
  const dismissed = usePromoStore((state) => state.webEditingPromoDismissed);
  const dismiss = usePromoStore((state) => state.dismissWebEditingPromo);
  return (
    <Dialog
      open={Boolean(user) && !dismissed}
      onOpenChange={(open) => (open ? undefined : dismiss())}
      title={
        <span className="flex flex-col items-center gap-3">
          <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600">
            <MonitorPlay className="size-7" aria-hidden />
          </span>
          {MESSAGES.promo.title}
        </span>
      }
      description={MESSAGES.promo.text}
      className="text-center"
      hideClose
    >
      <Button className="mt-6 w-full" onClick={dismiss}>
        {MESSAGES.promo.button}
      </Button>
    </Dialog>
  );
}
