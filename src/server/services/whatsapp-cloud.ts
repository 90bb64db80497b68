import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { Incoming, StatusUpdate } from '../../domain/whatsapp-messages.ts';

/**
 * Meta's WhatsApp Cloud API, the parts the shop speaks (issue 40, decision 090): template and
 * text messages (`POST {api}/{phone-number-id}/messages` with the system user's token), and the
 * webhook — its GET handshake (`hub.mode=subscribe`, `hub.verify_token`, echo `hub.challenge`) and
 * its POSTs signed `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`,
 * carrying `entry[].changes[].value` with `statuses[]` (sent, delivered, read, failed) and
 * `messages[]` (what customers write). Only this file knows the wire format; testing/fake-whatsapp.ts
 * speaks the other side.
 */

/** The Graph API version the shop was built and tested against; WHATSAPP_API_URL overrides the whole base. */
const GRAPH_API_URL = 'https://graph.facebook.com/v24.0';

export type WhatsAppSettings = { token: string; phoneNumberId: string; appSecret: string; verifyToken: string; apiUrl: string };

type WhatsAppEnv = {
  token?: string | undefined;
  phoneNumberId?: string | undefined;
  appSecret?: string | undefined;
  verifyToken?: string | undefined;
  apiUrl?: string | undefined;
};

/**
 * The Cloud API's settings from the environment, or why they cannot be used (the shop runs without
 * WhatsApp then, and the start says why); nothing set, nothing to say. The links in messages need
 * PUBLIC_URL, so it is asked for too.
 */
export function whatsappSettingsFrom(env: WhatsAppEnv, publicUrl: string | undefined): { settings: WhatsAppSettings } | { problem: string } | null {
  const given = [env.token, env.phoneNumberId, env.appSecret, env.verifyToken].filter(Boolean).length;
  if (given === 0) return null;
  const missing = (
    [
      ['WHATSAPP_TOKEN', env.token],
      ['WHATSAPP_PHONE_NUMBER_ID', env.phoneNumberId],
      ['WHATSAPP_APP_SECRET', env.appSecret],
      ['WHATSAPP_VERIFY_TOKEN', env.verifyToken],
    ] as const
  )
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length) return { problem: `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set` };
  if (!/^\d{5,30}$/.test(env.phoneNumberId!))
    return { problem: 'WHATSAPP_PHONE_NUMBER_ID is the number of digits WhatsApp Manager shows as "Phone number ID"' };
  const apiUrl = env.apiUrl ?? GRAPH_API_URL;
  if (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol)) return { problem: 'WHATSAPP_API_URL must be an http(s) address' };
  if (!publicUrl) return { problem: 'PUBLIC_URL is not set: messages carry links to the shop' };
  return {
    settings: {
      token: env.token!,
      phoneNumberId: env.phoneNumberId!,
      appSecret: env.appSecret!,
      verifyToken: env.verifyToken!,
      apiUrl: apiUrl.replace(/\/+$/, ''),
    },
  };
}

/** What came of a send: WhatsApp's message id, or why not and whether trying again later may work. */
export type SendOutcome = { ok: true; wamid: string } | { ok: false; retry: boolean; reason: string };

export type TemplateMessage = {
  /** International digits, no +. */
  to: string;
  template: string;
  language: string;
  params: string[];
  /** Echoed in the status webhook as `biz_opaque_callback_data`: the outbox row's id. */
  callbackData?: string;
  /** An authentication template's copy-code button takes the code as its parameter too. */
  codeButton?: string;
};

/**
 * Error codes WhatsApp documents as passing (rate limits, its own trouble) or as the owner's to
 * mend (190: the token expired): worth another try later. Any other refusal is final for this message.
 */
const RETRYABLE = new Set([1, 2, 4, 17, 80007, 130429, 131000, 131016, 131056, 133004, 190]);

const errorAnswer = z.object({ error: z.looseObject({ message: z.string().optional(), code: z.number().optional() }) });
const sentAnswer = z.looseObject({ messages: z.array(z.looseObject({ id: z.string().min(1) })).min(1) });

/** A template parameter as WhatsApp takes it: no line breaks or tabs, no runs of spaces, not empty, at most 1,000 characters. */
const parameterText = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 1000) || '-';

export type WhatsAppCloud = {
  sendTemplate(message: TemplateMessage): Promise<SendOutcome>;
  /** A free-form text: WhatsApp delivers it only within 24 hours of the customer's last message. */
  sendText(to: string, body: string): Promise<SendOutcome>;
};

export function createWhatsAppCloud(settings: Pick<WhatsAppSettings, 'token' | 'phoneNumberId' | 'apiUrl'>, timeoutMs = 10_000): WhatsAppCloud {
  const endpoint = `${settings.apiUrl}/${settings.phoneNumberId}/messages`;

  async function post(body: Record<string, unknown>): Promise<SendOutcome> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...body }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { ok: false, retry: true, reason: timedOut ? 'timeout' : 'network error' };
    }
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const sent = sentAnswer.safeParse(answer);
      return sent.success ? { ok: true, wamid: sent.data.messages[0]!.id } : { ok: false, retry: true, reason: `HTTP ${response.status} without a message id` };
    }
    const error = errorAnswer.safeParse(answer);
    const code = error.success ? error.data.error.code : undefined;
    const words = error.success && error.data.error.message ? `: ${error.data.error.message.slice(0, 300)}` : '';
    const retry = response.status >= 500 || response.status === 429 || (code !== undefined && RETRYABLE.has(code));
    return { ok: false, retry, reason: `HTTP ${response.status}${code === undefined ? '' : ` code ${code}`}${words}` };
  }

  return {
    sendTemplate(message) {
      const components: Array<Record<string, unknown>> = [
        { type: 'body', parameters: message.params.map((text) => ({ type: 'text', text: parameterText(text) })) },
      ];
      if (message.codeButton) components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.codeButton }] });
      return post({
        to: message.to,
        type: 'template',
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
        template: { name: message.template, language: { code: message.language }, components },
      });
    },
    sendText(to, body) {
      return post({ to, type: 'text', text: { preview_url: false, body: body.slice(0, 4096) } });
    },
  };
}

/**
 * One-time codes by WhatsApp: the shop's authentication template (`login_code`, or its own name
 * under `whatsapp.templates`), the code as its body's parameter and its copy-code button's. A
 * refusal rejects, so the call answers that the code was not sent.
 */
export function whatsappCodesOf(cloud: WhatsAppCloud, shop: () => Pick<ShopConfig, 'whatsapp'>): { send(to: string, code: string): Promise<void> } {
  return {
    async send(to, code) {
      const { whatsapp } = shop();
      const sent = await cloud.sendTemplate({
        to: to.replace(/\D/g, ''),
        template: whatsapp.templates.login_code ?? 'login_code',
        language: whatsapp.language,
        params: [code],
        codeButton: code,
      });
      if (!sent.ok) throw new Error(`WhatsApp did not take the code: ${sent.reason}`);
    },
  };
}

/** Whether a webhook POST is WhatsApp's: its `X-Hub-Signature-256` is the HMAC of the exact bytes with the app secret. */
export function webhookIsGenuine(appSecret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(header.slice('sha256='.length), 'hex'));
}

const statusSchema = z.looseObject({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(40).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() })).optional(),
});
const messageSchema = z.looseObject({
  id: z.string().min(1).max(200),
  from: z.string().regex(/^\d{6,20}$/),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(40),
  text: z.looseObject({ body: z.string().max(10_000) }).optional(),
  button: z.looseObject({ text: z.string().max(1000).optional() }).optional(),
});
const notificationSchema = z.looseObject({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string(),
              value: z.looseObject({
                contacts: z.array(z.looseObject({ wa_id: z.string().optional(), profile: z.looseObject({ name: z.string().max(200) }).optional() })).optional(),
                statuses: z.array(statusSchema).max(1000).optional(),
                messages: z.array(messageSchema).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

/** The statuses and messages of one webhook POST, or null when its body is not a WhatsApp notification. */
export function readNotification(body: unknown): { statuses: StatusUpdate[]; messages: Incoming[] } | null {
  const parsed = notificationSchema.safeParse(body);
  if (!parsed.success || parsed.data.object !== 'whatsapp_business_account') return null;
  const statuses: StatusUpdate[] = [];
  const messages: Incoming[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const { value } = change;
      const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? null]));
      for (const s of value.statuses ?? []) {
        const failure = s.errors?.[0];
        statuses.push({
          wamid: s.id,
          status: s.status,
          at: Number(s.timestamp) * 1000,
          callbackData: s.biz_opaque_callback_data ?? null,
          error: failure
            ? [failure.code, failure.title ?? failure.message]
                .filter((p) => p !== undefined)
                .join(' ')
                .slice(0, 300)
            : null,
        });
      }
      for (const m of value.messages ?? []) {
        const text = m.text?.body ?? m.button?.text ?? `(${m.type})`;
        messages.push({ id: m.id, from: m.from, name: names.get(m.from) ?? null, text: text.slice(0, 4000), at: Number(m.timestamp) * 1000 });
      }
    }
  }
  return { statuses, messages };
}
