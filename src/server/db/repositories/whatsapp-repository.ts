import type { Kysely, Transaction } from 'kysely';
import { monotonicFactory } from 'ulid';
import { formatMoney } from '../../../domain/money.ts';
import { contactPhone, deliveryModeNames, guestOrderLink } from '../../../domain/order-details.ts';
import { orderLabel } from '../../../domain/order-number.ts';
import type { Order, OrderHistoryEntry } from '../../../domain/order-view.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import { whatsappNumber } from '../../../domain/whatsapp.ts';
import {
  shopperMessage,
  type Incoming,
  type MessageKind,
  type OrderEvent,
  type StatusUpdate,
  type WhatsAppMessage,
} from '../../../domain/whatsapp-messages.ts';
import type { Db } from '../database.ts';
import { pooledRandom } from '../random.ts';
import type { Database } from '../schema.ts';
import type { OrderOutbox } from './order-outbox.ts';
import { orderViewIn } from './order-views.ts';

/**
 * WhatsApp's side of the database (issue 40, decision 090): the outbox of messages (written in
 * the transaction of the change each tells of, once per kind and subject), what WhatsApp said of
 * each, what customers wrote, and who wrote STOP.
 */

const ulid = monotonicFactory(pooledRandom);

/** How far a message got, in the order WhatsApp reports it; a late "delivered" never undoes a "read". */
const progress: Record<string, number> = { queued: 0, accepted: 1, sent: 2, delivered: 3, read: 4 };

/** Whether a status WhatsApp reports moves a message on: forward along `progress`, or failed from anything but read. */
const movesOn = (from: string, to: string): boolean =>
  to === 'failed' ? from !== 'read' && from !== 'failed' : (progress[to] ?? 0) > (progress[from] ?? Number.POSITIVE_INFINITY);

/** WhatsApp delivers a business's free-form text only this long after the customer last wrote. */
const REPLY_WINDOW_MS = 24 * 3600 * 1000;

/** The words that end a number's updates, and those that start them again. */
const STOP_WORDS = new Set(['stop', 'unsubscribe', 'stop all', 'band karo', 'बंद']);
const START_WORDS = new Set(['start', 'subscribe']);

/** A customer's message belongs to their latest order from that number within this long. */
const ORDER_MATCH_MS = 30 * 24 * 3600 * 1000;

type Writer = Kysely<Database> | Transaction<Database>;

async function optedOut(db: Writer, number: string): Promise<boolean> {
  return (await db.selectFrom('whatsapp_opt_outs').select('number').where('number', '=', number).executeTakeFirst()) !== undefined;
}

/** Puts a message in the outbox unless its number wrote STOP or the subject has one of its kind already. */
async function enqueue(db: Writer, subject: string, message: WhatsAppMessage, now: number): Promise<void> {
  if (await optedOut(db, message.to)) return;
  await db
    .insertInto('whatsapp_messages')
    .values({
      id: ulid(now),
      subject,
      kind: message.kind,
      to_number: message.to,
      params: JSON.stringify(message.params),
      created_at: now,
      attempts: 0,
      next_attempt_at: now,
      claimed_until: null,
      status: 'queued',
      status_at: now,
      wamid: null,
      last_error: null,
    })
    .onConflict((oc) => oc.columns(['subject', 'kind']).doNothing())
    .execute();
}

/** The event as the messages read it, from the outbox's type and detail. */
function eventOf(type: string, detail: Record<string, unknown>): OrderEvent | null {
  switch (type) {
    case 'order.placed':
    case 'order.refunded':
      return { type };
    case 'order.status_changed':
      return { type, to: String(detail.to), reason: detail.reason };
    case 'order.payment_reminder':
      return typeof detail.until === 'number' ? { type, until: detail.until } : null;
    default:
      return null;
  }
}

/** The owner's alert of a new order on the shop's own WhatsApp: number, total, how it goes, who. */
function ownerAlert(order: Order, shop: ShopConfig, origin: string): WhatsAppMessage | null {
  const to = shop.contact.whatsappNumber ? whatsappNumber(shop.contact.whatsappNumber) : null;
  if (!to) return null;
  const who = order.details.personalDetails?.fullName?.trim() || contactPhone(order) || 'no name given';
  return {
    kind: 'owner_new_order',
    to,
    params: [
      orderLabel(order),
      formatMoney(order.grandTotal, shop.localeConfig),
      deliveryModeNames[order.deliveryMode],
      who,
      `${origin}/admin/orders/${order.id}`,
    ],
  };
}

type BookingFacts = { id: string; start: number; details: { serviceName: string; name: string; phone: string | null; whatsappUpdates?: boolean } };

/** When a booking is, as its messages say it: "Monday, 30 November 2026 at 10:00 am" in the shop's time. */
const bookingWhen = (start: number, shop: Pick<ShopConfig, 'localeConfig' | 'timeZone'>) =>
  new Intl.DateTimeFormat(shop.localeConfig.defaultLocale, { dateStyle: 'full', timeStyle: 'short', timeZone: shop.timeZone }).format(start);

/** The shopper's message of a booking (its confirmation, its reminder), when they asked for them and gave a number. */
function bookingMessage(kind: 'booking_confirmed' | 'booking_reminder', booking: BookingFacts, shop: ShopConfig): WhatsAppMessage | null {
  const to = booking.details.whatsappUpdates && booking.details.phone ? whatsappNumber(booking.details.phone) : null;
  return to ? { kind, to, params: [booking.details.serviceName, bookingWhen(booking.start, shop), shop.title] } : null;
}

/**
 * A new booking's messages, queued in its transaction: the owner's alert on the shop's own WhatsApp
 * (the service, when, who and their phone), and the shopper's confirmation when they asked for it.
 */
export async function queueBookingMessages(trx: Writer, booking: BookingFacts, shop: ShopConfig, now: number): Promise<void> {
  const subject = `booking:${booking.id}`;
  const owner = shop.contact.whatsappNumber ? whatsappNumber(shop.contact.whatsappNumber) : null;
  const { serviceName, name, phone } = booking.details;
  if (owner)
    await enqueue(
      trx,
      subject,
      {
        kind: 'owner_new_booking',
        to: owner,
        params: [serviceName, bookingWhen(booking.start, shop), name.trim() || 'no name given', phone || 'no phone given'],
      },
      now,
    );
  const confirmation = bookingMessage('booking_confirmed', booking, shop);
  if (confirmation) await enqueue(trx, subject, confirmation, now);
}

/** A booking's reminder goes this long before it starts (not for one made later than that). */
const BOOKING_REMINDER_MS = 2 * 3600 * 1000;

/**
 * The WhatsApp outbox of order events: the shopper's message when they opted in, and the owner's
 * alert of a new order. The link in the shopper's messages is their order's page: the guest link
 * with its token when the order is placed, the same link again later (read from that first message).
 */
export function whatsappOutbox(shop: () => ShopConfig, origin: string): OrderOutbox {
  return {
    async record(trx, type, orderId, detail = {}, now = Date.now(), view, token) {
      const event = eventOf(type, detail);
      const order = event && (view ?? (await orderViewIn(trx, orderId)));
      if (!event || !order) return;
      const config = shop();
      const subject = `order:${orderId}`;
      // the shopper's link is looked up only for an order that asked for messages: no read for the rest
      const link = !order.details.whatsappUpdates ? '' : token ? guestOrderLink(origin, orderId, token) : await linkOfPlaced(trx, subject, origin);
      const message = shopperMessage(event, order, config, link);
      if (message) await enqueue(trx, subject, message, now);
      // the shop is not alerted to an order it keyed in itself
      if (type === 'order.placed' && order.channel === 'online') {
        const alert = ownerAlert(order, config, origin);
        if (alert) await enqueue(trx, subject, alert, now);
      }
    },
  };
}

/** The order's link as its first message gave it; else the account's orders (a guest's order without one is followed from its e-mail). */
async function linkOfPlaced(trx: Writer, subject: string, origin: string): Promise<string> {
  const placed = await trx
    .selectFrom('whatsapp_messages')
    .select('params')
    .where('subject', '=', subject)
    .where('kind', '=', 'order_placed')
    .executeTakeFirst();
  const link = placed ? (JSON.parse(placed.params) as string[])[3] : undefined;
  return link ?? `${origin}/account?activePage=orders`;
}

/** An order's WhatsApp life for its history on /admin: each message the shop sent, as far as it got, and each the customer wrote. */
export async function whatsappHistoryIn(db: Writer, orderId: string): Promise<OrderHistoryEntry[]> {
  const [sent, received, replies] = await Promise.all([
    db.selectFrom('whatsapp_messages').select(['kind', 'status', 'status_at', 'last_error']).where('subject', '=', `order:${orderId}`).execute(),
    db.selectFrom('whatsapp_received').select(['text', 'received_at']).where('order_id', '=', orderId).execute(),
    db
      .selectFrom('whatsapp_replies')
      .leftJoin('users', 'users.id', 'whatsapp_replies.sent_by')
      .select(['whatsapp_replies.text', 'whatsapp_replies.status', 'whatsapp_replies.sent_at', 'whatsapp_replies.last_error', 'users.name', 'users.email'])
      .where('whatsapp_replies.order_id', '=', orderId)
      .execute(),
  ]);
  const failure = (status: string, error: string | null) => (status === 'failed' && error ? { error } : {});
  return [
    ...sent.map((m) => ({
      at: m.status_at,
      by: 'system',
      action: 'whatsapp.message',
      detail: { kind: m.kind, status: m.status, ...failure(m.status, m.last_error) },
    })),
    ...received.map((r) => ({ at: r.received_at, by: 'shopper', action: 'whatsapp.received', detail: { text: r.text } })),
    ...replies.map((r) => ({
      at: r.sent_at,
      by: r.name || r.email || 'owner',
      action: 'whatsapp.reply',
      detail: { text: r.text, status: r.status, ...failure(r.status, r.last_error) },
    })),
  ];
}

export type DueMessage = { id: string; subject: string; kind: MessageKind; to: string; params: string[]; createdAt: number; attempts: number };

export function createWhatsAppRepository(db: Db) {
  const { kysely } = db;
  return {
    /**
     * Queues the reminder of each booking that starts within the next two hours, was made before that
     * and asked for WhatsApp updates: once each (its kind's one message per booking).
     */
    async queueBookingReminders(shop: ShopConfig, now: number): Promise<number> {
      const rows = await kysely
        .selectFrom('appointments')
        .select(['id', 'starts_at', 'details'])
        .where('status', '=', 'booked')
        .where('starts_at', '>', now)
        .where('starts_at', '<=', now + BOOKING_REMINDER_MS)
        .where((eb) => eb('created_at', '<=', eb('starts_at', '-', BOOKING_REMINDER_MS)))
        .execute();
      let queued = 0;
      for (const row of rows) {
        const reminder = bookingMessage(
          'booking_reminder',
          { id: row.id, start: row.starts_at, details: JSON.parse(row.details) as BookingFacts['details'] },
          shop,
        );
        if (!reminder) continue;
        await enqueue(kysely, `booking:${row.id}`, reminder, now);
        queued += 1;
      }
      return queued;
    },

    /** Queued messages whose time has come and that nobody holds, oldest first. */
    async due(now: number, limit: number): Promise<DueMessage[]> {
      const rows = await kysely
        .selectFrom('whatsapp_messages')
        .select(['id', 'subject', 'kind', 'to_number', 'params', 'created_at', 'attempts'])
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        subject: r.subject,
        kind: r.kind as MessageKind,
        to: r.to_number,
        params: JSON.parse(r.params) as string[],
        createdAt: r.created_at,
        attempts: r.attempts,
      }));
    },

    /** Takes a message to send until `until`; false when another instance holds it, or it left the queue since it was read. */
    async claim(id: string, now: number, until: number): Promise<boolean> {
      const result = await kysely
        .updateTable('whatsapp_messages')
        .set({ claimed_until: until })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** WhatsApp took it: its id is kept for the statuses to find it (a status that came first already moved it on). */
    async accepted(id: string, wamid: string, now: number): Promise<void> {
      await kysely.updateTable('whatsapp_messages').set({ wamid, claimed_until: null, last_error: null }).where('id', '=', id).execute();
      await kysely.updateTable('whatsapp_messages').set({ status: 'accepted', status_at: now }).where('id', '=', id).where('status', '=', 'queued').execute();
    },

    /** A failed try: again at `retryAt`, or never (`retryAt` null: failed for good). Only the claim's holder records it. */
    async failed(id: string, claimedUntil: number, reason: string, retryAt: number | null, now: number): Promise<boolean> {
      const result = await kysely
        .updateTable('whatsapp_messages')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: reason,
          claimed_until: null,
          ...(retryAt === null ? { status: 'failed', status_at: now } : { next_attempt_at: retryAt }),
        }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('claimed_until', '=', claimedUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The number wrote STOP after the message was queued: it is not sent. */
    async skip(id: string, now: number): Promise<void> {
      await kysely
        .updateTable('whatsapp_messages')
        .set({ status: 'skipped', status_at: now, claimed_until: null })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .execute();
    },

    optedOut: (number: string) => optedOut(kysely, number),

    /**
     * What WhatsApp reports of the shop's messages: each moves its message forward (sent, delivered,
     * read) or fails it. A status naming a message by its callback data that still waits in the queue
     * (its send timed out, yet WhatsApp took it) ends its wait, so it is not sent twice.
     */
    async applyStatuses(updates: StatusUpdate[]): Promise<number> {
      let applied = 0;
      for (const update of updates) {
        if (!(update.status in progress) && update.status !== 'failed') continue;
        const failure = update.status === 'failed' ? { last_error: update.error ?? 'failed' } : {};
        const row = await kysely
          .selectFrom('whatsapp_messages')
          .select(['id', 'status', 'wamid'])
          .where((eb) => (update.callbackData ? eb.or([eb('wamid', '=', update.wamid), eb('id', '=', update.callbackData)]) : eb('wamid', '=', update.wamid)))
          .executeTakeFirst();
        if (row) {
          const forward = movesOn(row.status, update.status);
          if (!forward && row.wamid) continue;
          const result = await kysely
            .updateTable('whatsapp_messages')
            .set({ wamid: update.wamid, claimed_until: null, ...(forward ? { status: update.status, status_at: update.at, ...failure } : {}) })
            .where('id', '=', row.id)
            .where('status', '=', row.status)
            .executeTakeFirst();
          applied += Number(result.numUpdatedRows);
          continue;
        }
        // else an owner's reply
        const reply = await kysely.selectFrom('whatsapp_replies').select(['id', 'status']).where('wamid', '=', update.wamid).executeTakeFirst();
        if (!reply || !movesOn(reply.status, update.status)) continue;
        const result = await kysely
          .updateTable('whatsapp_replies')
          .set({ status: update.status, status_at: update.at, ...failure })
          .where('id', '=', reply.id)
          .where('status', '=', reply.status)
          .executeTakeFirst();
        applied += Number(result.numUpdatedRows);
      }
      return applied;
    },

    /**
     * To whom, and until when, the owner may reply freely about an order: the number that last wrote
     * about it, for 24 hours after (WhatsApp delivers only templates after that). Null: no open window.
     */
    async replyWindow(orderId: string, now: number): Promise<{ to: string; until: number } | null> {
      const last = await kysely
        .selectFrom('whatsapp_received')
        .select(['from_number', 'received_at'])
        .where('order_id', '=', orderId)
        .orderBy('received_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const until = last ? last.received_at + REPLY_WINDOW_MS : 0;
      return last && until > now ? { to: last.from_number, until } : null;
    },

    /**
     * The customers' latest messages for the owner's list on /admin, newest first: who (number and
     * WhatsApp name), what, when, the order it belongs to (if any), and whether the owner may still
     * reply freely to that number (within 24 hours of its last message).
     */
    async latestReceived(now: number, limit = 30) {
      const rows = await kysely
        .selectFrom('whatsapp_received')
        .leftJoin('orders', 'orders.id', 'whatsapp_received.order_id')
        .select([
          'whatsapp_received.id',
          'whatsapp_received.from_number',
          'whatsapp_received.name',
          'whatsapp_received.text',
          'whatsapp_received.received_at',
          'whatsapp_received.order_id',
          'orders.number',
        ])
        .orderBy('whatsapp_received.received_at', 'desc')
        .orderBy('whatsapp_received.id', 'desc')
        .limit(limit)
        .execute();
      const lastFrom = new Map<string, number>();
      for (const r of rows) lastFrom.set(r.from_number, Math.max(lastFrom.get(r.from_number) ?? 0, r.received_at));
      return rows.map((r) => ({
        id: r.id,
        from: r.from_number,
        name: r.name,
        text: r.text,
        receivedAt: r.received_at,
        orderId: r.order_id,
        orderNumber: r.number,
        replyUntil: lastFrom.get(r.from_number)! + REPLY_WINDOW_MS > now ? lastFrom.get(r.from_number)! + REPLY_WINDOW_MS : null,
      }));
    },

    /**
     * To whom, and until when, the owner may reply to the number a received message came from: 24 hours
     * after its last message; null once closed, undefined for a message there is not.
     */
    async replyWindowOfMessage(messageId: string, now: number): Promise<{ to: string; until: number; orderId: string | null } | null | undefined> {
      const message = await kysely.selectFrom('whatsapp_received').select(['from_number', 'order_id']).where('id', '=', messageId).executeTakeFirst();
      if (!message) return undefined;
      const last = await kysely
        .selectFrom('whatsapp_received')
        .select((eb) => eb.fn.max('received_at').as('at'))
        .where('from_number', '=', message.from_number)
        .executeTakeFirstOrThrow();
      const until = Number(last.at ?? 0) + REPLY_WINDOW_MS;
      return until > now ? { to: message.from_number, until, orderId: message.order_id } : null;
    },

    /** An owner's reply WhatsApp took, for the order's history (or the messages' list) and its statuses. */
    async recordReply(reply: { orderId: string | null; to: string; text: string; by: string; wamid: string }, now: number): Promise<void> {
      await kysely
        .insertInto('whatsapp_replies')
        .values({
          id: ulid(now),
          order_id: reply.orderId,
          to_number: reply.to,
          text: reply.text,
          sent_by: reply.by,
          sent_at: now,
          wamid: reply.wamid,
          status: 'accepted',
          status_at: now,
          last_error: null,
        })
        .execute();
    },

    /**
     * A customer's message, kept once (WhatsApp may post it again), with their latest order from that
     * number. STOP ends their updates (START brings them back): 'stopped' / 'started' / 'kept' / 'seen'.
     */
    async receive(message: Incoming, now: number): Promise<'stopped' | 'started' | 'kept' | 'seen'> {
      return kysely.transaction().execute(async (trx) => {
        const word = message.text.trim().toLowerCase();
        const order = await trx
          .selectFrom('orders')
          .select('id')
          .where('phone_key', '=', `phone:${message.from}`)
          .where('created_at', '>', now - ORDER_MATCH_MS)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        const kept = await trx
          .insertInto('whatsapp_received')
          .values({ id: message.id, from_number: message.from, name: message.name, text: message.text, received_at: message.at, order_id: order?.id ?? null })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(kept.numInsertedOrUpdatedRows ?? 0) === 0) return 'seen';
        if (STOP_WORDS.has(word)) {
          await trx
            .insertInto('whatsapp_opt_outs')
            .values({ number: message.from, opted_out_at: now })
            .onConflict((oc) => oc.column('number').doNothing())
            .execute();
          return 'stopped';
        }
        if (START_WORDS.has(word)) {
          await trx.deleteFrom('whatsapp_opt_outs').where('number', '=', message.from).execute();
          return 'started';
        }
        return 'kept';
      });
    },

    /** The orders a notification's statuses and messages are about: the owner's open pages of them hear of it. */
    async ordersOf(notification: { statuses: StatusUpdate[]; messages: Incoming[] }): Promise<string[]> {
      const wamids = notification.statuses.map((s) => s.wamid);
      const ids = notification.messages.map((m) => m.id);
      const [sent, replies, received] = await Promise.all([
        wamids.length ? kysely.selectFrom('whatsapp_messages').select('subject').where('wamid', 'in', wamids).execute() : [],
        wamids.length ? kysely.selectFrom('whatsapp_replies').select('order_id').where('wamid', 'in', wamids).execute() : [],
        ids.length ? kysely.selectFrom('whatsapp_received').select('order_id').where('id', 'in', ids).execute() : [],
      ]);
      const orders = [
        ...sent.filter((m) => m.subject.startsWith('order:')).map((m) => m.subject.slice('order:'.length)),
        ...[...replies, ...received].flatMap((r) => (r.order_id ? [r.order_id] : [])),
      ];
      return [...new Set(orders)];
    },
  };
}

export type WhatsAppRepository = ReturnType<typeof createWhatsAppRepository>;
