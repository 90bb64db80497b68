import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceId, registerDevice } from './device.ts';

/** The server's side of updateFcmToken as far as the browser sees it: devices and the hashes of their secrets. */
function fakeServer() {
  const devices = new Map<string, string>();
  const sent: Array<Record<string, unknown>> = [];
  let n = 0;
  const fetch = vi.fn(async (_path: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { deviceId: string; deviceSecret?: string };
    sent.push(body);
    const json = (status: number, data: object) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    const known = devices.get(body.deviceId);
    if (known === undefined) {
      const secret = `secret-${++n}`;
      devices.set(body.deviceId, secret);
      return json(200, { success: true, deviceSecret: secret });
    }
    return known === body.deviceSecret
      ? json(200, { success: true })
      : json(403, { success: false, error: 'device_secret', message: 'This device is registered by another browser.' });
  });
  return { devices, sent, fetch };
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

  it('keeps the secret of the first registration and brings it to every later one', async () => {
    expect(await registerDevice('shop', 'u1')).toBe(true);
    expect(await registerDevice('shop', null)).toBe(true);
    expect(server.sent.map((b) => b.deviceSecret)).toEqual([undefined, 'secret-1']);
    expect(new Set(server.sent.map((b) => b.deviceId))).toEqual(new Set([deviceId('shop')]));
  });

  it('two registrations at once (a login while the page registers) stay one device', async () => {
    expect(await Promise.all([registerDevice('shop', null), registerDevice('shop', 'u1')])).toEqual([true, true]);
    expect(server.sent.map((b) => b.deviceSecret)).toEqual([undefined, 'secret-1']);
    expect(server.devices.size).toBe(1);
  });

  it('a device id another browser holds (or a lost secret) makes this browser a new device, once', async () => {
    const taken = deviceId('shop');
    server.devices.set(taken, 'someone-elses');
    expect(await registerDevice('shop', 'u1')).toBe(true);
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]!.deviceId).not.toBe(taken);
    expect(deviceId('shop')).toBe(server.sent[1]!.deviceId);
    expect(await registerDevice('shop', null)).toBe(true);
    expect(server.sent[2]).toMatchObject({ deviceId: deviceId('shop'), deviceSecret: 'secret-1' });
  });
});
