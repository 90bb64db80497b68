import { create } from 'zustand';

/**
 * §4 Push: the enable-notifications prompt and what its click does. The prompt shows
 * 3 s after the browser's permission is 'default' and a user is logged in, or when it is
 * forced (with other words after an order: trigger 'order-success'); it hides after 15 s,
 * on close or on click. Decision 022. What the click does is in `push-subscription.ts`,
 * loaded with the prompt.
 */

export const PROMPT_DELAY_MS = 3000;
export const PROMPT_SHOWN_MS = 15_000;

export type PushTrigger = 'default' | 'order-success';

export const usePushPrompt = create<{ forced: PushTrigger | null; force(trigger: PushTrigger): void; done(): void }>()((set) => ({
  forced: null,
  force: (trigger) => set({ forced: trigger }),
  done: () => set({ forced: null }),
}));
