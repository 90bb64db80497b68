import { create } from 'zustand';

/**
 * §2: a new version of the app is waiting. `update` (set by `service-worker.ts`) makes it
 * active, which reloads every open tab once; the shell shows the button while it is set.
 */
export const useAppUpdate = create<{ update: (() => void) | null }>()(() => ({ update: null }));
