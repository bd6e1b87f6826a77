import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface CommunitySoundState {
  /** Whether hover previews play with sound; remembered in local storage (spec 1 §2). */
  soundOn: boolean;
  toggleSound: () => void;
}

export const useCommunitySoundStore = create<CommunitySoundState>()(
  persist(
    (set) => ({
      soundOn: false,
      toggleSound: () => set((state) => ({ soundOn: !state.soundOn })),
    }),
    { name: 'storyloom.community-sound' },
  ),
);
