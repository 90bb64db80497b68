import { getJson } from '../../../lib/api.ts';
import { ownerApi } from '../api/owner-api.ts';

/**
 * How the owner hears of a new order or booking (issue 18). With /admin open: a chime
 * (unless muted; the choice is kept per browser) and a browser notification. With /admin
 * closed: Web Push to the devices the owner turned alerts on for, apart from the
 * shopper's own notifications prompt.
 */

export type Alert = { title: string; body: string; url: string; tag: string };

const soundKey = (shopId: string) => `${shopId}/owner/sound`;

export function soundIsOn(shopId: string): boolean {
  try {
    return localStorage.getItem(soundKey(shopId)) !== 'off';
  } catch {
    return true;
  }
}

export function setSound(shopId: string, on: boolean): void {
  try {
    localStorage.setItem(soundKey(shopId), on ? 'on' : 'off');
  } catch {
    // private mode: the choice lasts for this page only
  }
}

let audio: AudioContext | null = null;

/**
 * Browsers let a page play sound only after the person did something on it: the first
 * tap or key press on /admin makes the audio context the chimes play on.
 */
export function unlockSound(): void {
  if (audio || typeof AudioContext === 'undefined') return;
  audio = new AudioContext();
}

/** Two rising tones, twice: short enough to be polite, distinct enough to hear across a shop. */
export function playChime(): void {
  if (!audio) return;
  void audio.resume();
  const start = audio.currentTime + 0.05;
  for (const [at, frequency] of [
    [0, 880],
    [0.18, 1320],
    [0.6, 880],
    [0.78, 1320],
  ] as const) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + at);
    volume.gain.exponentialRampToValueAtTime(0.4, start + at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + at);
    tone.stop(start + at + 0.32);
  }
}

/** A notification from the open page: through the service worker when there is one (phones require it), else the page's own. */
export async function notifyOwner(alert: Alert, open: (url: string) => void): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration?.active) {
    await registration.showNotification(alert.title, { body: alert.body, tag: alert.tag, icon: '/icons/192.png', data: { url: alert.url } });
    return;
  }
  const notice = new Notification(alert.title, { body: alert.body, tag: alert.tag, icon: '/icons/192.png' });
  notice.onclick = () => {
    window.focus();
    open(alert.url);
    notice.close();
  };
}

const toKey = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** This browser's push subscription, when it has a service worker and one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  return (await registration?.pushManager.getSubscription().catch(() => null)) ?? null;
}

/** Whether this browser gets the owner's alerts: the permission, and the server's word on its subscription. */
export async function alertsAreOn(): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  const subscription = await currentSubscription();
  if (!subscription) return false;
  const res = await ownerApi.alertsStatus(subscription.endpoint);
  return res.ok && res.data.on;
}

export type AlertsOutcome = 'on' | 'denied' | 'page-only' | 'failed';

/**
 * Asks the browser's permission, subscribes its service worker to push and gives the
 * subscription to the shop for the owner's alerts. 'page-only': notifications while
 * /admin is open, but no push (no service worker, or the push service is out of reach).
 */
export async function turnAlertsOn(): Promise<AlertsOutcome> {
  if (typeof Notification === 'undefined') return 'failed';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    if (!(await navigator.serviceWorker?.getRegistration())) return 'page-only';
    const registration = await navigator.serviceWorker.ready;
    const key = await getJson<{ publicKey: string }>('/api/instance/pushKey');
    if (!key.ok) return 'page-only';
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toKey(key.data.publicKey) }));
    const saved = await ownerApi.alertsOn(subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } });
    return saved.ok ? 'on' : 'failed';
  } catch (err) {
    console.warn('owner alerts: push subscription failed', err);
    return 'page-only';
  }
}

/** This browser stops getting the owner's alerts (turned off, or the owner logs out on it). */
export async function turnAlertsOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await ownerApi.alertsOff(subscription.endpoint);
}
