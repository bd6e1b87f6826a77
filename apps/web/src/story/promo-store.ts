import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface PromoState {
  /** The 'Edit Seamlessly on Web' promo has been dismissed on this browser. */
  webEditingPromoDismissed: boolean;
  dismissWebEditingPromo: () => void;
}

/** Promo dismissals, remembered in local storage. */
export const usePromoStore = create<PromoState>()(
  persist(
    (set) => ({
      webEditingPromoDismissed: false,
      dismissWebEditingPromo: () => set({ webEditingPromoDismissed: true }),
    }),
    { name: 'storyloom.promos' },
  ),
);
