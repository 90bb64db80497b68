import { postJson } from './api.ts';
import { keepUserValue, userValue } from './user-storage.ts';

/**
 * §3 Device and session record: a device id kept in persistent storage and a session
 * id in the tab's storage, each made once; §4: the `new_session` event goes only when
 * the tab had no session id yet. Decision 022. Beside the device id the browser keeps
 * the device's secret, which binds the device to this browser at its first registration
 * and which every later registration brings back (issue 20). The browser makes it and
 * keeps it before that registration goes: a page left before the answer came loses
 * nothing (issue 25).
 */

/** §9: the app version string. */
const APP_VERSION = '0.8';

export type DeviceRecord = {
  localTime: string;
  device_id: string;
  session_id: string;
  version: string;
  os_name: string | null;
  device_brand: string | null;
  device_model: string | null;
  device_type: 'mobile' | 'tablet' | 'desktop';
  user_id: string | null;
};

const newId = () => crypto.randomUUID().replaceAll('-', '');

/** 32 random bytes, base64url: what the server takes as a device's secret. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The device's secret, made and kept the first time (before any registration carries it). */
function deviceSecret(shopId: string): string {
  const found = userValue(shopId, 'deviceSecret');
  if (found) return found;
  const secret = newSecret();
  keepUserValue(shopId, 'deviceSecret', secret);
  return secret;
}

/** The id under `key`, made and kept the first time; `made` says it was made now. Storage that refuses (private mode) gives a fresh id each time. */
function idIn(storage: () => Storage, key: string): { id: string; made: boolean } {
  try {
    const found = storage().getItem(key);
    if (found) return { id: found, made: false };
    const id = newId();
    storage().setItem(key, id);
    return { id, made: true };
  } catch {
    return { id: newId(), made: true };
  }
}

/**
 * The device id, kept in the shop's 'user' collection (§9) and made the first time; storage that refuses (private mode) gives a fresh one each time.
 * @internal Exported for its unit test only (a test seam): the id's keeping is tested without registering a device.
 */
export function deviceId(shopId: string): string {
  const found = userValue(shopId, 'device');
  if (found) return found;
  const id = newId();
  keepUserValue(shopId, 'device', id);
  return id;
}

/** The wall-clock time with the device's offset: 2026-11-21T20:00:00+05:30. */
function localTime(now = new Date()): string {
  const offset = -now.getTimezoneOffset();
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const local = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offset >= 0 ? '+' : '-'}${pad(offset / 60)}:${pad(offset % 60)}`;
}

type UaData = { platform?: string; mobile?: boolean; getHighEntropyValues?(hints: string[]): Promise<{ model?: string }> };

/**
 * What the browser says about the device: Client Hints where the browser has them
 * (Chromium), the user-agent string otherwise. Best effort, for the owner's summary only.
 */
async function describeDevice(): Promise<Pick<DeviceRecord, 'os_name' | 'device_brand' | 'device_model' | 'device_type'>> {
  const ua = navigator.userAgent;
  const data = (navigator as Navigator & { userAgentData?: UaData }).userAgentData;
  const os =
    data?.platform ||
    (/Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'Chrome OS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null);
  const type =
    /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua)) ? 'tablet' : (data?.mobile ?? /Mobi|iPhone/.test(ua)) ? 'mobile' : 'desktop';
  let model = /\b(iPhone|iPad|iPod)\b/.exec(ua)?.[1] ?? /Android [\d.]+; (?:[a-z]{2}-[a-z]{2}; )?([^;)]+?)(?: Build\/|\))/i.exec(ua)?.[1] ?? null;
  if (data?.getHighEntropyValues) model = (await data.getHighEntropyValues(['model']).catch(() => ({ model: undefined }))).model || model;
  if (model === 'K') model = null; // Chrome's reduced user agent hides the model behind "K"
  const brand = /iPhone|iPad|iPod|Macintosh/.test(ua)
    ? 'Apple'
    : /\bSM-|Samsung/i.test(ua) || model?.startsWith('SM-')
      ? 'Samsung'
      : /Pixel/.test(model ?? ua)
        ? 'Google'
        : null;
  return { os_name: os, device_brand: brand, device_model: model, device_type: type };
}

/**
 * Sends one analytics event (§7 analytics/logEvent) with the page's device record.
 * Failures are only logged: analytics never gets in the shopper's way.
 */
export async function logEvent(
  shopId: string,
  eventType: string,
  value: string,
  userId: string | null = null,
  headers: Record<string, string> = {},
): Promise<void> {
  const session = idIn(() => sessionStorage, `${shopId}/session`);
  const record: DeviceRecord = {
    localTime: localTime(),
    device_id: deviceId(shopId),
    session_id: session.id,
    version: APP_VERSION,
    ...(await describeDevice()),
    user_id: userId,
  };
  const res = await postJson('/fn/analytics/logEvent', { event_type: eventType, value, sf_id: shopId, ...record }, headers);
  if (!res.ok) console.warn(`${eventType} event not logged`, res.status);
}

/**
 * Starts the tab's session: the first time in a tab it sends `new_session` with the page
 * address and the device record; later calls in the tab send nothing.
 */
export async function startSession(shopId: string, userId: string | null, headers: Record<string, string> = {}): Promise<void> {
  // the first look at the tab's session id makes it: only that first look sends the event
  if (!idIn(() => sessionStorage, `${shopId}/session`).made) return;
  await logEvent(shopId, 'new_session', window.location.href, userId, headers);
}

/**
 * Registers the device for the user, or for nobody without one (sent without a token),
 * with the device's secret. A refused secret means the id is another browser's or this
 * one lost its secret: the browser becomes a new device and tries once more. Failures
 * are logged only (§8).
 */
export function registerDevice(
  shopId: string,
  userId: string | null,
  headers: Record<string, string> = {},
  subscription: PushSubscriptionJSON | null = null,
): Promise<boolean> {
  // one at a time, in the order asked: the last one sent says whose the device is (a login, then a logout)
  const next = registrations.then(() => register(shopId, userId, headers, subscription));
  registrations = next.catch(() => false);
  return next;
}

let registrations: Promise<unknown> = Promise.resolve();

async function register(shopId: string, userId: string | null, headers: Record<string, string>, subscription: PushSubscriptionJSON | null): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const body = {
      fcmToken: subscription ? JSON.stringify(subscription) : null,
      deviceId: deviceId(shopId),
      userId,
      // kept before it goes: a registration whose answer never comes still leaves the browser the secret the server bound
      deviceSecret: deviceSecret(shopId),
    };
    const res = await postJson('/api/instance/updateFcmToken', body, headers);
    if (res.ok) {
      return true;
    }
    if (res.status === 403 && res.error?.error === 'device_secret' && attempt === 1) {
      keepUserValue(shopId, 'device', undefined);
      keepUserValue(shopId, 'deviceSecret', undefined);
      continue;
    }
    console.warn('device not registered', res.status);
    return false;
  }
}

/**
 * §4 Session: login registers the device for the user, logout attaches no user to it.
 * The tab remembers whom it registered the device for, so a page load while logged in
 * sends nothing new.
 */
export async function syncDevice(shopId: string, userId: string | null, headers: Record<string, string>): Promise<void> {
  const key = `${shopId}/deviceUser`;
  let registered: string | null = null;
  try {
    registered = sessionStorage.getItem(key);
  } catch {
    // no tab storage: register as if new
  }
  if (registered === userId || (!registered && !userId)) return;
  if (!(await registerDevice(shopId, userId, userId ? headers : {}))) return;
  try {
    if (userId) sessionStorage.setItem(key, userId);
    else sessionStorage.removeItem(key);
  } catch {
    // asked again on the next page
  }
}
