import { z } from 'zod';

/**
 * Text messages for one-time codes (issue 5), through one of two HTTP adapters. India's
 * operators deliver only texts registered on a DLT portal: each goes with the shop's entity id,
 * its sender id (header) and the registered template's id (issue 40), given per kind of code.
 *
 * `json` (default), which any provider's webhook or a small relay can accept:
 *
 *   POST <SMS_URL>
 *   authorization: Bearer <SMS_TOKEN>        (when set)
 *   content-type: application/json
 *   {"to": "+919876543210", "text": "123456 is your code for …",
 *    "dlt": {"entityId": "…", "senderId": "CRUMBS", "templateId": "…"}}   (when DLT is set)
 *
 * `fast2sms`: Fast2SMS's DLT route (`POST https://www.fast2sms.com/dev/bulkV2`, the API key in
 * `authorization`, `{route: "dlt_manual", sender_id, message, template_id, entity_id, numbers}`,
 * Indian numbers only), answered `{"return": true, …}` when taken.
 *
 * Any 2xx answer (and for Fast2SMS `return: true`) means the provider took the message. Only this
 * file knows the formats.
 */
export interface SmsSender {
  /**
   * Resolves once the provider accepted the message; rejects with a reason that names no secret.
   * `kind`: which of the shop's registered texts it is (login, signup, reset, update), for its DLT template id.
   */
  send(to: string, text: string, kind?: string): Promise<void>;
}

/** The shop's DLT registration: entity id, sender id, and each kind's template id. */
type DltSettings = { entityId: string; senderId: string; templates: Record<string, string> };

type SmsSettings = { provider?: 'json' | 'fast2sms'; url?: string | undefined; token?: string | undefined; dlt?: DltSettings | undefined };

const FAST2SMS_URL = 'https://www.fast2sms.com/dev/bulkV2';
const smsUrlSchema = z.url({ protocol: /^https?$/, error: 'SMS_URL must be an http:// or https:// URL' });
const TIMEOUT_MS = 10_000;

/**
 * SMS_DLT_TEMPLATES as written in the environment, `login:1107…,signup:1107…`, into kind → template id;
 * null when an entry is not `kind:digits`.
 */
function dltTemplatesFrom(text: string | undefined): Record<string, string> | null {
  const templates: Record<string, string> = {};
  for (const entry of (text ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^(login|signup|reset|update):(\d{10,25})$/.exec(entry);
    if (!match) return null;
    templates[match[1]!] = match[2]!;
  }
  return templates;
}

function createHttpSms(settings: SmsSettings): SmsSender {
  const fast2sms = settings.provider === 'fast2sms';
  const url = smsUrlSchema.safeParse(settings.url ?? (fast2sms ? FAST2SMS_URL : ''));
  if (!url.success) throw new Error(url.error.issues[0]?.message ?? 'SMS_URL is not valid');
  if (fast2sms && (!settings.token || !settings.dlt)) throw new Error('Fast2SMS needs SMS_TOKEN (the API key), SMS_DLT_ENTITY_ID and SMS_SENDER_ID');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.token) headers.authorization = fast2sms ? settings.token : `Bearer ${settings.token}`;
  const { dlt } = settings;

  function body(to: string, text: string, kind: string | undefined): string {
    const templateId = kind ? dlt?.templates[kind] : undefined;
    if (!fast2sms)
      return JSON.stringify({ to, text, ...(dlt ? { dlt: { entityId: dlt.entityId, senderId: dlt.senderId, ...(templateId ? { templateId } : {}) } } : {}) });
    // Fast2SMS takes Indian numbers, ten digits
    const national = /^\+91(\d{10})$/.exec(to)?.[1];
    if (!national) throw new Error('Fast2SMS sends to Indian (+91) numbers only');
    return JSON.stringify({
      route: 'dlt_manual',
      sender_id: dlt!.senderId,
      message: text,
      entity_id: dlt!.entityId,
      ...(templateId ? { template_id: templateId } : {}),
      numbers: national,
    });
  }

  return {
    async send(to, text, kind) {
      const res = await fetch(url.data, { method: 'POST', headers, body: body(to, text, kind), signal: AbortSignal.timeout(TIMEOUT_MS) });
      // the body is read for Fast2SMS's verdict only, never logged: a provider may echo the message
      const answer = (await res.json().catch(() => null)) as { return?: unknown; status_code?: unknown } | null;
      if (!res.ok) throw new Error(`the SMS provider answered ${res.status}`);
      if (fast2sms && answer?.return !== true)
        throw new Error(`Fast2SMS refused the message${typeof answer?.status_code === 'number' ? ` (status_code ${answer.status_code})` : ''}`);
    },
  };
}

type SmsEnv = {
  provider?: string | undefined;
  url?: string | undefined;
  token?: string | undefined;
  dltEntityId?: string | undefined;
  senderId?: string | undefined;
  dltTemplates?: string | undefined;
};

/**
 * The SMS sender from the environment, or why it cannot be made (the shop runs without codes by
 * text message then, and the start says why); null when nothing asks for one.
 */
export function smsFrom(env: SmsEnv): { sender: SmsSender } | { problem: string } | null {
  const provider = env.provider ?? 'json';
  if (provider !== 'json' && provider !== 'fast2sms') return { problem: 'SMS_PROVIDER is json or fast2sms' };
  if (provider === 'json' && !env.url) return null;
  const templates = dltTemplatesFrom(env.dltTemplates);
  if (!templates) return { problem: 'SMS_DLT_TEMPLATES is a list like login:1107161234567890123,signup:1107161234567890124' };
  if (!!env.dltEntityId !== !!env.senderId) return { problem: 'SMS_DLT_ENTITY_ID and SMS_SENDER_ID go together' };
  if (env.senderId && !/^[A-Z0-9]{3,6}$/.test(env.senderId)) return { problem: 'SMS_SENDER_ID is the 6-letter header registered on DLT, e.g. CRUMBS' };
  const dlt = env.dltEntityId && env.senderId ? { entityId: env.dltEntityId, senderId: env.senderId, templates } : undefined;
  try {
    return { sender: createHttpSms({ provider, url: env.url, token: env.token, dlt }) };
  } catch (err) {
    return { problem: (err as Error).message };
  }
}
