import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseBankAlert } from '../../../domain/bank-alert.ts';
import type { Minor } from '../../../domain/money.ts';
import type { BankAlertRepository } from '../../db/repositories/bank-alert-repository.ts';
import { keepRawBodies, rawBody } from '../../plugins/raw-body.ts';
import { errorBody, errorSchema } from '../../plugins/error-body.ts';
import type { OrderEvents } from '../../services/order-events.ts';

type Options = {
  /** BANK_ALERT_SECRET: without it the call does not exist. */
  secret: string | undefined;
  alerts: BankAlertRepository;
  orderEvents: OrderEvents;
  fractionDigits: number;
  clock: () => number;
};

/** An alert is a few hundred characters; a forwarded e-mail with its headers a few kilobytes. */
const BODY_LIMIT = 64 * 1024;
const UNAUTHORISED = errorBody('unauthorised', 'Send the bank alert secret as "Authorization: Bearer <secret>", or sign the body.');

/** What a forwarding app posts: the message and, when it knows it, who sent it (an SMS header, an e-mail's From). */
const forwarded = z.object({
  text: z.string().trim().min(1).max(20_000),
  from: z.string().trim().max(200).optional(),
});

/**
 * `POST /fn/payment/bank-alert` (issue 39): the owner's SMS-forwarding app or mail rule posts each
 * of the bank's alerts here — JSON `{ "text": …, "from": … }`, or the message as plain text with the
 * sender in `X-Alert-From`. It proves it is the owner's with `Authorization: Bearer <BANK_ALERT_SECRET>`
 * (what forwarding apps can send), or `X-Signature-256: sha256=<HMAC-SHA256 of the body>` with the same
 * secret (what a script can). A credit that fits exactly one open UPI order marks it paid; every alert
 * is kept for the owner to read on /admin. Never a 500: a database away answers 503, and the
 * forwarder sends it again.
 */
export const bankAlertRoutes: FastifyPluginAsync<Options> = async (app, { secret, alerts, orderEvents, fractionDigits, clock }) => {
  if (!secret) return;
  const key = Buffer.from(secret);
  const scale = 10 ** (2 - fractionDigits);
  const toMinor = (paise: Minor): Minor | null => (Number.isInteger(paise / scale) ? ((paise / scale) as Minor) : null);

  const authorised = (raw: Buffer, authorization: unknown, signature: unknown): boolean => {
    if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
      const given = Buffer.from(authorization.slice('Bearer '.length));
      return given.length === key.length && timingSafeEqual(given, key);
    }
    if (typeof signature === 'string' && /^sha256=[0-9a-f]{64}$/.test(signature)) {
      const expected = createHmac('sha256', secret).update(raw).digest();
      return timingSafeEqual(expected, Buffer.from(signature.slice('sha256='.length), 'hex'));
    }
    return false;
  };

  keepRawBodies(app, BODY_LIMIT);
  app.post(
    '/payment/bank-alert',
    { schema: { response: { 200: z.looseObject({ success: z.literal(true), outcome: z.string() }), '4xx': errorSchema, 503: errorSchema } } },
    async (req, reply) => {
      const raw = rawBody(req);
      if (!authorised(raw, req.headers.authorization, req.headers['x-signature-256'])) return reply.code(401).send(UNAUTHORISED);
      const message = readMessage(raw, req.headers['content-type'], req.headers['x-alert-from']);
      if (!message) return reply.code(400).send(errorBody('bad_alert', 'Send the alert as JSON { "text": "…", "from": "…" } or as plain text.'));
      try {
        const kept = await alerts.receive(
          parseBankAlert(message.text, message.from ?? undefined),
          { text: message.text, sender: message.from },
          toMinor,
          clock(),
        );
        req.log.info({ alertId: kept.id, outcome: kept.outcome, orderId: kept.orderId }, 'bank alert');
        if (kept.outcome === 'matched' && kept.orderId) orderEvents.publish({ orderId: kept.orderId, status: '', what: 'paid', at: Date.now() });
        return { success: true, outcome: kept.outcome } as const;
      } catch (err) {
        req.log.error({ err }, 'bank alert not recorded: the forwarder sends it again');
        return reply.code(503).send(errorBody('try_later', 'The shop could not record this alert now.'));
      }
    },
  );
};

function readMessage(raw: Buffer, contentType: string | undefined, fromHeader: unknown): { text: string; from: string | null } | null {
  const body = raw.toString('utf8');
  if (/^application\/json/i.test(contentType ?? '')) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return null;
    }
    const parsed = forwarded.safeParse(json);
    return parsed.success ? { text: parsed.data.text, from: parsed.data.from || null } : null;
  }
  const text = body.trim();
  if (!text || text.length > 20_000) return null;
  return { text, from: typeof fromHeader === 'string' && fromHeader.trim() ? fromHeader.trim().slice(0, 200) : null };
}
