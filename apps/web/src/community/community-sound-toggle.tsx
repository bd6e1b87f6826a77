import { Volume2, VolumeX } from 'lucide-react';
import { Button } from '../ui/button';
import { useCommunitySoundStore } from './community-sound-store';

/** Sound for the hover previews, remembered across visits; desktop only, like the previews. */
export function CommunitySoundToggle() {
  const soundOn = useCommunitySoundStore((state) => state.soundOn);
  const toggleSound = useCommunitySoundStore((state) => state.toggleSound);
  return (
    <span className="hidden md:block">
      <Button variant="secondary" size="sm" aria-pressed={soundOn} onClick={toggleSound}>
        {soundOn ? (
          <Volume2 className="size-4" aria-hidden />
        ) : (
          <VolumeX className="size-4" aria-hidden />
        )}
        {soundOn ? 'Sound on' : 'Sound off'}
      </Button>
    </span>
  );
}
