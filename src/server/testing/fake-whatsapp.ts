import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/**
 * A local WhatsApp Cloud API that speaks the documented protocol: `POST /{version}/{phone-number-id}/messages`
 * with the bearer token (Graph's error bodies — `{ error: { message, type, code, fbtrace_id } }` —
 * for a wrong token, an unknown template, a parameter count that does not match its body), answering
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] }`; and the webhook's
 * side: status and message notifications posted to the shop, signed `X-Hub-Signature-256` with the
 * app secret, as WhatsApp posts them. Nothing leaves the machine.
 */
/**
 * The templates of the owner guide as a shop's WhatsApp account has them approved, each with the
 * number of body parameters counted by hand from the guide's texts ({{1}} … {{n}}).
 */
export const GUIDE_TEMPLATES: Record<string, number> = {
  order_placed: 4,
  order_confirmed: 2,
  order_ready: 2,
  order_out_for_delivery: 2,
  order_delivered: 2,
  order_rejected: 2,
  order_cancelled: 2,
  order_payment_expired: 2,
  order_refunded: 3,
  payment_reminder: 5,
  owner_new_order: 5,
  owner_new_booking: 4,
  booking_confirmed: 3,
  booking_reminder: 3,
  login_code: 1,
};

export type FakeWhatsAppOptions = {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** The shop's webhook; unset, notifications are not posted (the test posts them). */
  webhookUrl?: string;
  /** Approved templates: name → how many body parameters it takes (any language). */
  templates: Record<string, number>;
  /** After taking a message, post sent, delivered and read for it, as a phone that opens it would. */
  readReceipts?: boolean;
};

/** Hands a notification to the shop: its exact bytes and headers; resolves to the shop's HTTP status. */
type Deliver = (raw: string, headers: Record<string, string>) => Promise<number>;

export type SentMessage = {
  wamid: string;
  to: string;
  type: string;
  template?: string;
  language?: string;
  params: string[];
  callbackData?: string;
  text?: string;
};

export type FakeWhatsApp = {
  /** Ends with the API version, as WHATSAPP_API_URL does. */
  url: string;
  app: FastifyInstance;
  /** Every message the API took, in order. */
  sent: SentMessage[];
  /** The next `times` sends answer this way instead: an HTTP status with Graph's error body (not taken), or no answer at all (taken, but the shop times out). */
  failNext(times: number, how: 'timeout' | { status: number; code: number }): void;
  /** Posts a status of a message the shop sent (`failed` carries an error); resolves to the shop's HTTP status. */
  status(message: SentMessage, status: 'sent' | 'delivered' | 'read' | 'failed'): Promise<number>;
  /** Posts a message a customer wrote to the shop's number. */
  incoming(from: string, text: string, name?: string): Promise<number>;
  /** Posts any body, signed with `signature` if given (else the right one). */
  post(body: unknown, signature?: string): Promise<number>;
  /** Hands notifications to the shop this way instead of posting them to `webhookUrl` (a test's app.inject). */
  deliverWith(deliver: Deliver): void;
  close(): Promise<void>;
};

/** The header value WhatsApp sends with a body: `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export const webhookSignature = (appSecret: string, raw: string): string => `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

const fbtrace = () => randomBytes(8).toString('base64url');
const graphError = (reply: FastifyReply, status: number, code: number, message: string, type = 'OAuthException') =>
  reply.code(status).send({ error: { message, type, code, fbtrace_id: fbtrace() } });

type Component = { type?: string; parameters?: Array<{ type?: string; text?: string }> };
type Body = {
  messaging_product?: string;
  to?: string;
  type?: string;
  biz_opaque_callback_data?: string;
  template?: { name?: string; language?: { code?: string }; components?: Component[] };
  text?: { body?: string };
};

export async function startFakeWhatsApp(options: FakeWhatsAppOptions, port = 0): Promise<FakeWhatsApp> {
  const app = Fastify();
  const sent: SentMessage[] = [];
  const failures: Array<'timeout' | { status: number; code: number }> = [];
  const hanging = new Set<FastifyReply>();

  let deliver: Deliver = async (raw, headers) => {
    if (!options.webhookUrl) return 0;
    const res = await fetch(options.webhookUrl, { method: 'POST', headers, body: raw });
    await res.arrayBuffer();
    return res.status;
  };
  const post = (body: unknown, signature?: string): Promise<number> => {
    const raw = JSON.stringify(body);
    return deliver(raw, { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? webhookSignature(options.appSecret, raw) });
  };
  const notification = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: options.phoneNumberId }, ...value },
          },
        ],
      },
    ],
  });
  const timestamp = () => String(Math.floor(Date.now() / 1000));

  async function status(message: SentMessage, to: 'sent' | 'delivered' | 'read' | 'failed'): Promise<number> {
    return post(
      notification({
        statuses: [
          {
            id: message.wamid,
            status: to,
            timestamp: timestamp(),
            recipient_id: message.to,
            ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
            ...(to === 'failed'
              ? {
                  errors: [
                    { code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message undeliverable' } },
                  ],
                }
              : { pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' } }),
          },
        ],
      }),
    );
  }

  app.post<{ Params: { version: string; id: string }; Body: Body }>('/:version/:id/messages', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return graphError(reply, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (request.params.id !== options.phoneNumberId)
      return graphError(reply, 400, 100, `Unsupported post request. Object with ID '${request.params.id}' does not exist`, 'GraphMethodException');
    const failure = failures.shift();
    if (failure && failure !== 'timeout') return graphError(reply, failure.status, failure.code, 'Service temporarily unavailable');
    const body = request.body ?? {};
    if (body.messaging_product !== 'whatsapp') return graphError(reply, 400, 100, '(#100) The parameter messaging_product is required.');
    if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) return graphError(reply, 400, 131009, '(#131009) Parameter value is not valid');
    let message: SentMessage;
    if (body.type === 'template') {
      const name = body.template?.name ?? '';
      const params = (body.template?.components?.find((c) => c.type === 'body')?.parameters ?? []).map((p) => p.text ?? '');
      if (!(name in options.templates)) return graphError(reply, 404, 132001, '(#132001) Template name does not exist in the translation');
      if (params.length !== options.templates[name])
        return graphError(reply, 400, 132000, '(#132000) Number of parameters does not match the expected number of params');
      if (params.some((p) => !p || /[\n\t]| {5,}/.test(p)))
        return graphError(reply, 400, 132018, '(#132018) There was an issue with the parameters in your template.');
      message = {
        wamid: `wamid.${randomBytes(24).toString('base64url')}`,
        to: body.to,
        type: 'template',
        template: name,
        language: body.template?.language?.code,
        params,
        ...(body.biz_opaque_callback_data ? { callbackData: body.biz_opaque_callback_data } : {}),
      };
    } else if (body.type === 'text' && typeof body.text?.body === 'string') {
      message = { wamid: `wamid.${randomBytes(24).toString('base64url')}`, to: body.to, type: 'text', params: [], text: body.text.body };
    } else {
      return graphError(reply, 400, 100, '(#100) Invalid parameter');
    }
    sent.push(message);
    if (failure === 'timeout') {
      // taken, but the answer never comes: the shop gives up waiting, as happens when a network drops it
      hanging.add(reply);
      return reply;
    }
    if (options.readReceipts) {
      setImmediate(() => {
        void (async () => {
          for (const s of ['sent', 'delivered', 'read'] as const) await status(message, s);
        })().catch(() => {});
      });
    }
    return { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: message.wamid }] };
  });

  // the browser journeys read what the shop sent here
  app.get('/sent', async () => sent);

  const address = await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `${address}/v24.0`,
    app,
    sent,
    failNext(times, how) {
      for (let i = 0; i < times; i += 1) failures.push(how);
    },
    status,
    incoming: (from, text, name = 'Asha') =>
      post(
        notification({
          contacts: [{ profile: { name }, wa_id: from }],
          messages: [{ from, id: `wamid.${randomBytes(24).toString('base64url')}`, timestamp: timestamp(), type: 'text', text: { body: text } }],
        }),
      ),
    post,
    deliverWith(fn) {
      deliver = fn;
    },
    async close() {
      for (const reply of hanging) reply.raw.destroy();
      await app.close();
    },
  };
}
