import pino from 'pino';
import { isOrderStatus, nextStatuses, type FulfilmentMode } from '../../domain/order-lifecycle.ts';
import type { OrderView } from '../../domain/order.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import { formatMoney, toMinor } from '../../domain/money.ts';
import type { Db } from '../db/database.ts';
import { createAuditRepository } from '../db/repositories/audit-repository.ts';
import { createDeviceRepository } from '../db/repositories/device-repository.ts';
import { createOrderRepository } from '../db/repositories/order-repository.ts';
import { createPaymentRepository } from '../db/repositories/payment-repository.ts';
import type { Env } from '../env.ts';
import { tellShopper } from '../services/order-news.ts';
import { mailerFor, pushSenderFor } from '../services/senders.ts';
import type { Out } from './out.ts';

/** The owner's actions from the command line are audited as this actor. */
const CLI = 'cli';

const oneLine = (o: OrderView & { cancelRequested?: boolean }, shop: ShopConfig) =>
  [
    o.id,
    new Date(o.createdAt).toISOString().slice(0, 16).replace('T', ' '),
    o.status.padEnd(16),
    o.deliveryMode.padEnd(6),
    o.paymentStatus.padEnd(21),
    formatMoney(toMinor(o.grandTotal, shop.localeConfig.fractionDigits), shop.localeConfig).padStart(12),
    o.details.personalDetails?.fullName ?? '',
    o.cancelRequested ? '(cancel requested)' : '',
  ]
    .join('  ')
    .trimEnd();

/** `orders list [status…]`, `orders show <id>`, `orders set-status <id> <status>`. */
export async function ordersCommand(db: Db, shop: ShopConfig, env: Env, [sub, ...args]: string[], out: Out): Promise<number> {
  const orders = createOrderRepository(db);
  const digits = shop.localeConfig.fractionDigits;
  switch (sub) {
    case 'list': {
      const unknown = args.filter((s) => !isOrderStatus(s));
      if (unknown.length) return usage(out, `Unknown status: ${unknown.join(', ')}.`);
      const list = await orders.listForOwner(digits, { statuses: args });
      if (list.length === 0) out.log(args.length ? `No orders that are ${args.join(' or ')}.` : 'No orders yet.');
      for (const o of list) out.log(oneLine(o, shop));
      return 0;
    }
    case 'show': {
      const [id] = args;
      if (!id) return usage(out, 'Name the order.');
      const order = await orders.view(id, digits);
      if (!order) return notFound(out, id);
      out.log(oneLine(order, shop));
      for (const l of order.lines) out.log(`  ${l.qty} × ${l.title}${l.variantName ? ` (${l.variantName})` : ''}`);
      const next = nextStatuses(order.status, order.deliveryMode as FulfilmentMode);
      out.log(next.length ? `Next: ${next.join(', ')}` : 'Nothing more happens to this order.');
      for (const e of await createAuditRepository(db).list(`order:${id}`)) out.log(`  ${new Date(e.at).toISOString()}  ${e.actor}  ${e.action}  ${JSON.stringify(e.detail)}`);
      return 0;
    }
    case 'set-status': {
      const [id, to] = args;
      if (!id || !to) return usage(out, 'Name the order and its new status.');
      if (!isOrderStatus(to)) return usage(out, `Unknown status "${to}".`);
      const change = await orders.setStatus(id, to, CLI, digits);
      if (!change.ok) {
        if (change.reason === 'not_found') return notFound(out, id);
        out.error(`Order ${id} is ${change.status}: it cannot become ${to}. ${change.allowed.length ? `It can become: ${change.allowed.join(', ')}.` : 'Nothing more happens to it.'}`);
        return 1;
      }
      out.log(`Order ${id}: ${change.from} → ${change.to}.`);
      // the shopper hears of it before the command ends (push failures are only logged)
      const log = pino({ level: 'warn' }, pino.destination(2));
      const mailer = mailerFor(env, shop.title);
      try {
        await tellShopper({ shop, devices: createDeviceRepository(db), push: pushSenderFor(env, shop.contact.email), mailer, log, origin: env.publicUrl ?? `http://localhost:${env.port}` }, change);
      } finally {
        mailer?.close();
      }
      return 0;
    }
    default:
      return usage(out, sub ? `Unknown orders command "${sub}".` : 'Say what to do with the orders.');
  }
}

/** `mark-paid <id> [reference]`: UPI with its reference, pay on delivery as collected. */
export async function markPaidCommand(db: Db, [id, reference]: string[], out: Out): Promise<number> {
  if (!id) return usage(out, 'Name the order.');
  const result = await createPaymentRepository(db).markPaid(id, CLI, reference?.trim() || null);
  if (result.ok) {
    out.log(result.provider === 'pof' ? `Order ${id}: payment collected.` : `Order ${id}: paid by UPI, reference ${result.reference}.`);
    return 0;
  }
  const why = {
    not_found: `There is no order ${id}.`,
    already_paid: `Order ${id} is paid already.`,
    no_payment: `Order ${id} takes no payment (an enquiry).`,
    provider: `Order ${id} is paid through PayU, which settles its own payments.`,
    reference: `Order ${id} has no UPI reference from the shopper: give the one on your statement (mark-paid ${id} <reference>).`,
  }[result.reason];
  out.error(why);
  return 1;
}

function notFound(out: Out, id: string): number {
  out.error(`There is no order ${id}.`);
  return 1;
}

function usage(out: Out, problem: string): number {
  out.error(`${problem}\nUsage: npm run shop -- orders list [status…] | orders show <id> | orders set-status <id> <status> | mark-paid <id> [reference]`);
  return 1;
}
