import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service on 127.0.0.1 for tests, speaking the protocol browsers' services speak
 * (RFC 8030): it checks the VAPID signature (RFC 8292), decrypts the aes128gcm body
 * with the subscriber's keys (RFC 8291, written out here rather than with the sender's
 * library, so a mistake in one does not hide in the other), and answers 201, or the
 * status a test asked for.
 */

export type PushedMessage = { path: string; ttl: string | undefined; vapid: { aud: unknown; sub: unknown; exp: unknown }; message: unknown };

export type FakePushService = {
  origin: string;
  received: PushedMessage[];
  /** Answers this status to every push to the path (410: the subscription is gone). */
  answer(path: string, status: number): void;
  /** A subscription the way a browser makes one, with the keys to read what is pushed to it. */
  subscribe(path: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
};

export async function startFakePushService(port = 0): Promise<FakePushService> {
  const received: PushedMessage[] = [];
  const statuses = new Map<string, number>();
  const subscribers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        const subscriber = subscribers.get(path);
        const vapid = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
        if (req.method !== 'POST' || !subscriber || !vapid || req.headers['content-encoding'] !== 'aes128gcm') {
          res.writeHead(400).end();
          return;
        }
        try {
          const serverKey = Buffer.from(vapid[2]!, 'base64url');
          const key = await importJWK(
            { kty: 'EC', crv: 'P-256', x: serverKey.subarray(1, 33).toString('base64url'), y: serverKey.subarray(33, 65).toString('base64url') },
            'ES256',
          );
          const { payload } = await jwtVerify(vapid[1]!, key, { algorithms: ['ES256'] });
          const message: unknown = JSON.parse(decrypt(Buffer.concat(chunks), subscriber.ecdh, subscriber.auth));
          received.push({ path, ttl: req.headers.ttl as string | undefined, vapid: { aud: payload.aud, sub: payload.sub, exp: payload.exp }, message });
        } catch {
          res.writeHead(401).end();
          return;
        }
        res.writeHead(statuses.get(path) ?? 201).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    answer: (path, status) => void statuses.set(path, status),
    subscribe(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(path, { ecdh, auth });
      return { endpoint: origin + path, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 with RFC 8188's aes128gcm, one record. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then any padding zeros
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}
