import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type WebPush from 'web-push';
import { lazyModule } from '../lazy-module.ts';
import { privateDataDir } from '../db/data-dir.ts';
import type { PushSubscriptionJson } from '../../domain/push-subscription.ts';

/**
 * Web Push with VAPID (RFC 8030, 8291, 8292) through `web-push` (decision 022). Only this
 * file knows the protocol; the routes hand it a subscription and a message.
 */

/** web-push, loaded when a key pair is first made or a message first sent. */
const loadWebPush = lazyModule<typeof WebPush>('web-push');

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */

/** What a notification says; the service worker shows it and opens `url` on click. */
export type PushMessage = { title: string; body: string; url: string; tag?: string };

const FILE = 'vapid.json';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The shop's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (every
 * instance must share them, or subscriptions made through one instance cannot be
 * served by another), else a pair made on first start and kept in the data directory.
 */
export function loadVapidKeys(env: { publicKey?: string | undefined; privateKey?: string | undefined }, dataDir: string, subject: string): VapidKeys {
  if (env.publicKey || env.privateKey) {
    const { publicKey = '', privateKey = '' } = env;
    if (
      !BASE64URL.test(publicKey) ||
      Buffer.from(publicKey, 'base64url').length !== 65 ||
      !BASE64URL.test(privateKey) ||
      Buffer.from(privateKey, 'base64url').length !== 32
    ) {
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, as base64url P-256 keys (npx web-push generate-vapid-keys)');
    }
    return { publicKey, privateKey, subject };
  }
  const file = path.join(dataDir, FILE);
  const read = () => ({ ...(JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }), subject });
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  privateDataDir(dataDir);
  const keys = loadWebPush().generateVAPIDKeys();
  try {
    // 'wx': two processes starting at once must not overwrite each other's keys
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return { ...keys, subject };
  } catch {
    return read();
  }
}

/**
 * Push services the server will send to: the browsers' own. A subscription names the
 * URL the server posts to, so any other host would let a shopper aim the server at
 * something inside the shop's network. `extraOrigin` is for tests (a local push service).
 */
const PUSH_HOSTS = [/^fcm\.googleapis\.com$/, /(^|\.)push\.services\.mozilla\.com$/, /(^|\.)notify\.windows\.com$/, /(^|\.)push\.apple\.com$/];

export function isPushEndpoint(endpoint: string, extraOrigin?: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (extraOrigin && url.origin === extraOrigin) return true;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && PUSH_HOSTS.some((host) => host.test(url.hostname));
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  readonly publicKey: string;
  /** 'gone': the push service says the subscription no longer exists (404 or 410): forget it. */
  send(subscription: PushSubscriptionJson, message: PushMessage): Promise<{ outcome: PushOutcome; statusCode?: number }>;
}

/** Sends encrypted (aes128gcm), VAPID-signed messages that live up to a day at the push service. */
export function createPushSender(keys: VapidKeys): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(subscription, message) {
      // web-push builds the request (VAPID header, aes128gcm body); fetch sends it, so a
      // push service is reached the same way whatever its scheme (tests run one on http)
      const request = loadWebPush().generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: keys,
        TTL: 24 * 60 * 60,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        ...(message.tag ? { topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) } : {}),
      });
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      try {
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(10_000),
          redirect: 'error',
        });
        await res.body?.cancel();
        if (res.ok) return { outcome: 'sent', statusCode: res.status };
        return { outcome: res.status === 404 || res.status === 410 ? 'gone' : 'failed', statusCode: res.status };
      } catch {
        return { outcome: 'failed' };
      }
    },
  };
}
