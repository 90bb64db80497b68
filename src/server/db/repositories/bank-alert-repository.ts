import { monotonicFactory } from 'ulid';
import { pooledRandom } from '../random.ts';
import type { BankAlert } from '../../../domain/bank-alert.ts';
import { minor, type Minor } from '../../../domain/money.ts';
import { endedUnfulfilled } from '../../../domain/order-lifecycle.ts';
import type { Db } from '../database.ts';
import { upiAsked, UPI_WAITING, type PaymentRepository } from './payment-repository.ts';

/** What the shop made of one alert. */
export type BankAlertOutcome = 'matched' | 'several_orders' | 'no_order' | 'not_a_credit' | 'seen_before' | 'not_marked';

export type BankAlertRecord = {
  id: string;
  receivedAt: number;
  sender: string | null;
  text: string;
  amount: Minor | null;
  utr: string | null;
  outcome: BankAlertOutcome;
  /** Why it was not a credit, or why the matched order could not be marked paid. */
  reason: string | null;
  orderId: string | null;
  orderNumber: number | null;
};

/** The most of an alert's text kept to show the owner: an alert is a few hundred characters. */
const KEPT_TEXT = 1_000;

/**
 * Bank alerts matched to orders (issue 39). An alert is a credit of an exact amount, often with
 * the UPI reference (UTR). It marks an order paid only when exactly one open UPI order fits it:
 * the one whose shopper typed that UTR, else the only open UPI order of that exact amount.
 * Several orders of that amount and none with the UTR, or none at all, mark nothing: the owner
 * sees the alert beside the orders and confirms by hand as before. A UTR seen before marks
 * nothing again. Every alert is kept with its outcome.
 */
// ids that grow within a millisecond too: the owner's list shows alerts of one moment in the order they came
const ulid = monotonicFactory(pooledRandom);

export function createBankAlertRepository(db: Db, payments: PaymentRepository) {
  const { kysely } = db;

  async function keep(
    writer: Pick<Db['kysely'], 'insertInto'>,
    alert: { sender: string | null; text: string; amount: Minor | null; utr: string | null },
    outcome: BankAlertOutcome,
    orderId: string | null,
    reason: string | null,
    now: number,
    id = ulid(now),
  ): Promise<string> {
    await writer
      .insertInto('bank_alerts')
      .values({
        id,
        received_at: now,
        sender: alert.sender,
        text: alert.text.slice(0, KEPT_TEXT),
        amount_minor: alert.amount,
        utr: alert.utr,
        outcome: reason ? `${outcome}:${reason}` : outcome,
        order_id: orderId,
      })
      .execute();
    return id;
  }

  /** The open UPI orders an alert of `amount` (the shop's minor units) and `utr` could be for: by the UTR typed, else by the amount alone. */
  async function candidates(amount: Minor, utr: string | null): Promise<{ byUtr: string[]; byAmount: string[] }> {
    const open = await kysely
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('kind', '=', 'order')
      .where('payment_type', '=', 'upi-manual')
      .where('payment_status', 'in', UPI_WAITING)
      .where((eb) => eb(upiAsked(eb), '=', amount))
      .execute();
    const ids = open.filter((o) => !endedUnfulfilled(o.status)).map((o) => o.id);
    if (!utr || ids.length === 0) return { byUtr: [], byAmount: ids };
    const typed = await kysely
      .selectFrom('payments')
      .select('order_id')
      .where('order_id', 'in', ids)
      .where('provider', '=', 'upi-manual')
      .where('reference', '=', utr)
      .execute();
    return { byUtr: [...new Set(typed.map((t) => t.order_id))], byAmount: ids };
  }

  return {
    /**
     * Reads a forwarded alert and acts on it; `toMinor` turns its paise into the shop's minor
     * units (null when the shop cannot show them). Resolves to what was kept.
     */
    async receive(
      parsed: BankAlert,
      message: { text: string; sender: string | null },
      toMinor: (paise: Minor) => Minor | null,
      now = Date.now(),
    ): Promise<{ id: string; outcome: BankAlertOutcome; orderId: string | null }> {
      if (parsed.kind !== 'credit') {
        const id = await keep(kysely, { ...message, amount: null, utr: null }, 'not_a_credit', null, parsed.reason, now);
        return { id, outcome: 'not_a_credit', orderId: null };
      }
      const utr = parsed.utr?.toUpperCase() ?? null;
      const amount = toMinor(parsed.amount);
      const alert = { ...message, amount, utr };
      if (utr) {
        const seen = await kysely.selectFrom('bank_alerts').select('id').where('utr', '=', utr).executeTakeFirst();
        if (seen) return { id: await keep(kysely, alert, 'seen_before', null, null, now), outcome: 'seen_before', orderId: null };
      }
      const { byUtr, byAmount } = amount === null ? { byUtr: [], byAmount: [] } : await candidates(amount, utr);
      const orderId = byUtr.length === 1 ? byUtr[0]! : byUtr.length === 0 && byAmount.length === 1 ? byAmount[0]! : null;
      if (!orderId) {
        const outcome = byAmount.length > 1 ? 'several_orders' : 'no_order';
        return { id: await keep(kysely, alert, outcome, null, null, now), outcome, orderId: null };
      }
      // an alert without a UTR is the reference itself: the owner finds it on /admin by its id
      // marked paid and kept as matched in one transaction: never one without the other
      const id = ulid(now);
      return kysely.transaction().execute(async (trx) => {
        const marked = await payments.markPaidIn(trx, orderId, 'bank-alert', utr ?? `bank alert ${id}`, now);
        const outcome = marked.ok ? 'matched' : 'not_marked';
        await keep(trx, alert, outcome, orderId, marked.ok ? null : marked.reason, now, id);
        return { id, outcome, orderId };
      });
    },

    /**
     * A shopper typed the UTR of a credit the bank announced before (an alert that then fitted no
     * order, or several): if that alert is for exactly what the order asks, it marks the order paid
     * now and is kept as matched. True when the order was marked paid so.
     */
    async matchTypedReference(orderId: string, utr: string, now = Date.now()): Promise<boolean> {
      const alert = await kysely
        .selectFrom('bank_alerts')
        .innerJoin('orders', (join) => join.on('orders.id', '=', orderId).on((eb) => eb(upiAsked(eb), '=', eb.ref('bank_alerts.amount_minor'))))
        .select('bank_alerts.id')
        .where('bank_alerts.utr', '=', utr.toUpperCase())
        .where('bank_alerts.outcome', 'in', ['no_order', 'several_orders'])
        .executeTakeFirst();
      if (!alert) return false;
      return kysely.transaction().execute(async (trx) => {
        // the alert is this order's once only, whichever request comes first
        const claimed = await trx
          .updateTable('bank_alerts')
          .set({ outcome: 'matched', order_id: orderId })
          .where('id', '=', alert.id)
          .where('outcome', 'in', ['no_order', 'several_orders'])
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        const marked = await payments.markPaidIn(trx, orderId, 'bank-alert', utr.toUpperCase(), now);
        if (!marked.ok)
          await trx
            .updateTable('bank_alerts')
            .set({ outcome: `not_marked:${marked.reason}` })
            .where('id', '=', alert.id)
            .execute();
        return marked.ok;
      });
    },

    /** The latest alerts, newest first, with the number of the order each matched. */
    async latest(limit = 50): Promise<BankAlertRecord[]> {
      const rows = await kysely
        .selectFrom('bank_alerts')
        .leftJoin('orders', 'orders.id', 'bank_alerts.order_id')
        .select([
          'bank_alerts.id',
          'bank_alerts.received_at',
          'bank_alerts.sender',
          'bank_alerts.text',
          'bank_alerts.amount_minor',
          'bank_alerts.utr',
          'bank_alerts.outcome',
          'bank_alerts.order_id',
          'orders.number',
        ])
        .orderBy('bank_alerts.received_at', 'desc')
        .orderBy('bank_alerts.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => {
        const [outcome, reason] = r.outcome.split(':') as [BankAlertOutcome, string | undefined];
        return {
          id: r.id,
          receivedAt: r.received_at,
          sender: r.sender,
          text: r.text,
          amount: r.amount_minor === null ? null : minor(r.amount_minor),
          utr: r.utr,
          outcome,
          reason: reason ?? null,
          orderId: r.order_id,
          orderNumber: r.number ?? null,
        };
      });
    },
  };
}

export type BankAlertRepository = ReturnType<typeof createBankAlertRepository>;
