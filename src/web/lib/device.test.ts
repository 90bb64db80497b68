import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceId, registerDevice } from './device.ts';
import { userValue } from './user-storage.ts';

/** The server's side of updateFcmToken as far as the browser sees it: devices and the hashes of their secrets. */
function fakeServer() {
  const devices = new Map<string, string>();
  const sent: Array<Record<string, unknown>> = [];
  /** Registrations the server handles whose answers never reach the page (it was left first). */
  const lost = { answers: 0 };
  const fetch = vi.fn(async (_path: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { deviceId: string; deviceSecret?: string };
    sent.push(body);
    const answer = (status: number, data: object) => {
      if (lost.answers > 0 && lost.answers--) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    };
    const known = devices.get(body.deviceId);
    if (known === undefined) {
      // the browser's secret binds the device; one that brought none is given one
      if (body.deviceSecret) {
        devices.set(body.deviceId, body.deviceSecret);
        return answer(200, { success: true });
      }
      const secret = 'x'.repeat(43);
      devices.set(body.deviceId, secret);
      return answer(200, { success: true, deviceSecret: secret });
    }
    return known === body.deviceSecret
      ? answer(200, { success: true })
      : answer(403, { success: false, error: 'device_secret', message: 'This device is registered by another browser.' });
  });
  return { devices, sent, fetch, lost };
}

describe('registering the device', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    });
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => void vi.unstubAllGlobals());

  it('makes the secret and keeps it before the first registration goes; every registration brings it', async () => {
    expect(await registerDevice('shop', 'u1')).toBe(true);
    expect(await registerDevice('shop', null)).toBe(true);
    const secret = userValue('shop', 'deviceSecret');
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(server.sent).toEqual([
      { fcmToken: null, deviceId: deviceId('shop'), userId: 'u1', deviceSecret: secret },
      { fcmToken: null, deviceId: deviceId('shop'), userId: null, deviceSecret: secret },
    ]);
    expect(server.devices).toEqual(new Map([[deviceId('shop'), secret]]));
  });

  it('a registration whose answer never reaches the page (the shopper moved on) loses nothing: the next one is the same device', async () => {
    const id = deviceId('shop');
    server.lost.answers = 1;
    expect(await registerDevice('shop', 'u1')).toBe(false);
    expect(server.devices.has(id)).toBe(true);
    // the next page: the login registered again, then the logout
    expect(await registerDevice('shop', 'u1')).toBe(true);
    expect(await registerDevice('shop', null)).toBe(true);
    expect(server.sent.map((b) => b.deviceId)).toEqual([id, id, id]);
    expect(deviceId('shop')).toBe(id);
    expect(server.devices.size).toBe(1);
  });

  it('two registrations at once (a login while the page registers) stay one device, sent in the order asked', async () => {
    expect(await Promise.all([registerDevice('shop', null), registerDevice('shop', 'u1')])).toEqual([true, true]);
    expect(server.sent.map((b) => b.userId)).toEqual([null, 'u1']);
    expect(new Set(server.sent.map((b) => b.deviceSecret)).size).toBe(1);
    expect(server.devices.size).toBe(1);
  });

  it('a device id another browser holds (or a lost secret) makes this browser a new device with a new secret, once', async () => {
    const taken = deviceId('shop');
    server.devices.set(taken, 'someone-elses');
    expect(await registerDevice('shop', 'u1')).toBe(true);
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]!.deviceId).not.toBe(taken);
    expect(server.sent[1]!.deviceSecret).not.toBe(server.sent[0]!.deviceSecret);
    expect(deviceId('shop')).toBe(server.sent[1]!.deviceId);
    expect(await registerDevice('shop', null)).toBe(true);
    expect(server.sent[2]).toMatchObject({ deviceId: deviceId('shop'), deviceSecret: server.sent[1]!.deviceSecret });
  });

  it('a browser that kept an id but no secret (a guest before, or an older version) makes its secret at its first registration', async () => {
    const id = deviceId('shop');
    expect(userValue('shop', 'deviceSecret')).toBeUndefined();
    expect(await registerDevice('shop', 'u1')).toBe(true);
    expect(server.sent[0]).toMatchObject({ deviceId: id, deviceSecret: userValue('shop', 'deviceSecret') });
  });
});
