import { z } from 'zod';

/**
 * Text messages for one-time codes, through one HTTP provider adapter (issue 5). The
 * request, which any provider's webhook or a small relay can accept:
 *
 *   POST <SMS_URL>
 *   authorization: Bearer <SMS_TOKEN>        (when set)
 *   content-type: application/json
 *   {"to": "+919876543210", "text": "123456 is your code for …"}
 *
 * Any 2xx answer means the provider took the message. Only this file knows the format.
 */
export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects with a reason that names no secret. */
  send(to: string, text: string): Promise<void>;
}

const smsUrlSchema = z.url({ protocol: /^https?$/, error: 'SMS_URL must be an http:// or https:// URL' });
const TIMEOUT_MS = 10_000;

export function createHttpSms(settings: { url: string; token?: string | undefined }): SmsSender {
  const url = smsUrlSchema.safeParse(settings.url);
  if (!url.success) throw new Error(url.error.issues[0]?.message ?? 'SMS_URL is not valid');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.token) headers.authorization = `Bearer ${settings.token}`;
  return {
    async send(to, text) {
      const res = await fetch(url.data, { method: 'POST', headers, body: JSON.stringify({ to, text }), signal: AbortSignal.timeout(TIMEOUT_MS) });
      // the body is drained, never logged: a provider may echo the message
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`the SMS provider answered ${res.status}`);
    },
  };
}
