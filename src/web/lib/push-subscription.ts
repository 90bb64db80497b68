import { getJson } from './api.ts';
import { registerDevice } from './device.ts';

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
    if (!(await navigator.serviceWorker?.getRegistration())) {
      console.info('push permission given; no service worker to subscribe yet');
      return permission;
    }
    // the worker may still be installing: subscribing needs it active
    const registration = await navigator.serviceWorker.ready;
    const key = await getJson<{ publicKey: string }>('/api/instance/pushKey');
    if (!key.ok) return permission;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toKey(key.data.publicKey) });
    await registerDevice(shopId, userId, headers, subscription.toJSON());
  } catch (err) {
    console.warn('push subscription failed', err);
  }
  return permission;
}
