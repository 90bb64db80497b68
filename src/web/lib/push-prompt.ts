import { create } from 'zustand';
import { getJson } from './api.ts';
import { registerDevice } from './device.ts';

/**
 * §4 Push: the enable-notifications prompt and what its click does. The prompt shows
 * 3 s after the browser's permission is 'default' and a user is logged in, or when it is
 * forced (with other words after an order: trigger 'order-success'); it hides after 15 s,
 * on close or on click. Decision 022.
 */

export const PROMPT_DELAY_MS = 3000;
export const PROMPT_SHOWN_MS = 15_000;

export type PushTrigger = 'default' | 'order-success';

export const usePushPrompt = create<{ forced: PushTrigger | null; force(trigger: PushTrigger): void; done(): void }>()((set) => ({
  forced: null,
  force: (trigger) => set({ forced: trigger }),
  done: () => set({ forced: null }),
}));

const toKey = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * Asks the browser's permission for the current user and, once given, subscribes the
 * service worker and sends the subscription with the device id (§7 updateFcmToken).
 * Failures are logged only (§8).
 */
export async function enablePush(shopId: string, userId: string | null, headers: Record<string, string>): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) {
      console.info('push permission given; no service worker to subscribe yet');
      return permission;
    }
    const key = await getJson<{ publicKey: string }>('/api/instance/pushKey');
    if (!key.ok) return permission;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toKey(key.data.publicKey) });
    await registerDevice(shopId, userId, headers, subscription.toJSON());
  } catch (err) {
    console.warn('push subscription failed', err);
  }
  return permission;
}
