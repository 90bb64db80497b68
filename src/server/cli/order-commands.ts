import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { isOrderStatus, nextStatuses, type FulfilmentMode } from '../../domain/order-lifecycle.ts';
import type { OwnerOrderSummary } from '../../domain/order-view.ts';
import { orderLabel } from '../../domain/order-number.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import { formatMoney, type Minor } from '../../domain/money.ts';
import type { Db } from '../db/database.ts';
import { createDeviceRepository } from '../db/repositories/device-repository.ts';
import { createInvoiceRepository, invoiceOnAccept, invoicingOf } from '../db/repositories/invoice-repository.ts';
import { createOrderRepository } from '../db/repositories/order-repository.ts';
import { invoiceHtml } from '../services/invoice-html.ts';
import { createPaymentRepository } from '../db/repositories/payment-repository.ts';
import { createRefundRepository } from '../db/repositories/refund-repository.ts';
import type { Env } from '../env.ts';
import { tellShopper } from '../services/order-news.ts';
import { webhookSettingsFrom } from '../services/order-webhook.ts';
import { allOutboxes, webhookOutbox } from '../db/repositories/order-outbox.ts';
import { whatsappOutbox } from '../db/repositories/whatsapp-repository.ts';
import { whatsappSettingsFrom } from '../services/whatsapp-cloud.ts';
import { orderText, shopTime } from '../services/order-text.ts';
import { mailerFor, pushSenderFor } from '../services/senders.ts';
import type { Out } from './out.ts';

/** With ORDER_WEBHOOK_URL or WhatsApp's Cloud API the command's changes are kept for them too; the running server sends them. */
function outboxFor(env: Env, shop: ShopConfig) {
  const webhook = webhookSettingsFrom(env.orderWebhook);
  const whatsapp = whatsappSettingsFrom(env.whatsapp, env.publicUrl);
  return allOutboxes([
    ...(webhook && 'settings' in webhook ? [webhookOutbox(shop.localeConfig.fractionDigits)] : []),
    ...(whatsapp && 'settings' in whatsapp && env.publicUrl ? [whatsappOutbox(() => shop, env.publicUrl)] : []),
  ]);
}

/** The owner's actions from the command line are audited as this actor. */
const CLI = 'cli';

const oneLine = (o: OwnerOrderSummary<Minor>, shop: ShopConfig) =>
  [
    orderLabel(o).padEnd(6),
    shopTime(o.createdAt, shop).padEnd(22),
    o.status.padEnd(16),
    o.deliveryMode.padEnd(6),
    o.paymentStatus.padEnd(21),
    formatMoney(o.grandTotal, shop.localeConfig).padStart(12),
    o.details.personalDetails?.fullName ?? '',
    o.cancelRequested ? '(cancel requested)' : '',
  ]
    .join('  ')
    .trimEnd();

/** `orders list [status…]`, `orders show <id>`, `orders set-status <id> <status>`. */
export async function ordersCommand(db: Db, shop: ShopConfig, env: Env, [sub, ...args]: string[], out: Out): Promise<number> {
  const orders = createOrderRepository(db, { outbox: outboxFor(env, shop), onAccepted: invoiceOnAccept(shop) });
  switch (sub) {
    case 'list': {
      const unknown = args.filter((s) => !isOrderStatus(s));
      if (unknown.length) return usage(out, `Unknown status: ${unknown.join(', ')}.`);
      const list = await orders.listForOwner({ statuses: args });
      if (list.length === 0) out.log(args.length ? `No orders that are ${args.join(' or ')}.` : 'No orders yet.');
      for (const o of list) out.log(oneLine(o, shop));
      return 0;
    }
    case 'show': {
      const [ref] = args;
      if (!ref) return usage(out, 'Name the order: its number (1042) or its id.');
      const id = await orders.findId(ref);
      const order = id ? await orders.ownerView(id) : null;
      if (!order) return notFound(out, ref);
      for (const line of orderText(order, shop)) out.log(line);
      const next = nextStatuses(order.status, order.deliveryMode as FulfilmentMode);
      out.log(next.length ? `Next: ${next.join(', ')}` : 'Nothing more happens to this order.');
      return 0;
    }
    case 'set-status': {
      const [ref, to] = args;
      if (!ref || !to) return usage(out, 'Name the order and its new status.');
      if (!isOrderStatus(to)) return usage(out, `Unknown status "${to}".`);
      const id = await orders.findId(ref);
      const change = id ? await orders.setStatus(id, to, CLI) : ({ ok: false, reason: 'not_found' } as const);
      if (!change.ok) {
        if (change.reason === 'not_found') return notFound(out, ref);
        out.error(
          `Order ${ref} is ${change.status}: it cannot become ${to}. ${change.allowed.length ? `It can become: ${change.allowed.join(', ')}.` : 'Nothing more happens to it.'}`,
        );
        return 1;
      }
      out.log(`Order ${orderLabel(change.order)}: ${change.from} → ${change.to}.`);
      // the shopper hears of it before the command ends (push failures are only logged)
      const log = pino({ level: 'warn' }, pino.destination(2));
      const mailer = mailerFor(env, shop.title);
      try {
        await tellShopper(
          {
            shop,
            devices: createDeviceRepository(db),
            push: pushSenderFor(env, shop.contact.email),
            mailer,
            log,
            origin: env.publicUrl ?? `http://localhost:${env.port}`,
          },
          change,
        );
      } finally {
        mailer?.close();
      }
      return 0;
    }
    default:
      return usage(out, sub ? `Unknown orders command "${sub}".` : 'Say what to do with the orders.');
  }
}

/** `mark-paid <order> [reference]`: UPI with its reference, pay on delivery as collected. */
export async function markPaidCommand(db: Db, shop: ShopConfig, env: Env, [ref, reference]: string[], out: Out): Promise<number> {
  if (!ref) return usage(out, 'Name the order.');
  const found = await createOrderRepository(db).findId(ref);
  const result = found
    ? await createPaymentRepository(db, { outbox: outboxFor(env, shop) }).markPaid(found, CLI, reference?.trim() || null)
    : ({ ok: false, reason: 'not_found' } as const);
  if (result.ok) {
    out.log(result.provider === 'pof' ? `Order ${ref}: payment collected.` : `Order ${ref}: paid by UPI, reference ${result.reference}.`);
    return 0;
  }
  const why = {
    not_found: `There is no order ${ref}.`,
    already_paid: `Order ${ref} is paid already.`,
    order_ended: `Order ${ref} was cancelled or rejected: it takes no payment.`,
    no_payment: `Order ${ref} takes no payment (an enquiry).`,
    provider: `Order ${ref} is paid through PayU, which settles its own payments.`,
    reference: `Order ${ref} has no UPI reference from the shopper: give the one on your statement (mark-paid ${ref} <reference>).`,
  }[result.reason];
  out.error(why);
  return 1;
}

/** `refund <order> [reference]`: the refund a paid order that ended unfulfilled owed is paid back. */
export async function refundCommand(db: Db, shop: ShopConfig, env: Env, [ref, reference]: string[], out: Out): Promise<number> {
  if (!ref) return usage(out, 'Name the order.');
  const orders = createOrderRepository(db);
  const id = await orders.findId(ref);
  const result = id
    ? await createRefundRepository(db, { outbox: outboxFor(env, shop) }).markRefunded(id, CLI, reference?.trim() || null)
    : ({ ok: false, reason: 'not_found' } as const);
  if (!result.ok) {
    if (result.reason === 'not_found') return notFound(out, ref);
    out.error(
      result.reason === 'no_refund'
        ? `Order ${ref} owes no refund: it was not paid, or it was not cancelled or rejected.`
        : `Order ${ref}'s refund is marked done already.`,
    );
    return 1;
  }
  const order = (await orders.view(id!))!;
  out.log(
    `Order ${orderLabel(order)}: refunded ${formatMoney(order.refund!.amount, shop.localeConfig)}${reference?.trim() ? `, reference ${reference.trim()}` : ''}.`,
  );
  return 0;
}

/**
 * `invoice <order> [file.html|file.pdf]`: the order's tax invoice, printed as text-free
 * HTML to the file (or to the screen), or as a PDF drawn by Chromium — the browser the
 * owner already prints from (CHROMIUM_PATH, else the usual places).
 */
export async function invoiceCommand(db: Db, shop: ShopConfig, [ref, file]: string[], out: Out): Promise<number> {
  if (!ref) return usage(out, 'Name the order: npm run shop -- invoice <number> [file.html|file.pdf]');
  if (!shop.gst) {
    out.error('Tax invoices need the shop\'s GSTIN: add "gst": { "gstin", "legalName", "address" } to the shop config.');
    return 1;
  }
  const id = await createOrderRepository(db).findId(ref);
  if (!id) return notFound(out, ref);
  const invoice = await createInvoiceRepository(db, () => invoicingOf(shop)).forOrder(id);
  if (!invoice) {
    out.error(`Order ${ref} has no tax invoice: the shop issues one when it accepts the order (and never for a rejected or cancelled one).`);
    return 1;
  }
  const html = invoiceHtml(invoice, shop);
  if (!file) {
    out.log(html);
    return 0;
  }
  const target = path.resolve(file);
  if (!/\.pdf$/i.test(target)) {
    writeFileSync(target, html);
    out.log(`Invoice ${invoice.number} written to ${target}.`);
    return 0;
  }
  const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
    (p): p is string => !!p && existsSync(p),
  );
  if (!chromium) {
    out.error(
      'A PDF is drawn by Chromium, and none was found (set CHROMIUM_PATH). Save it as HTML instead and print it from a browser: npm run shop -- invoice ' +
        ref +
        ' invoice.html',
    );
    return 1;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'invoice-'));
  try {
    const page = path.join(dir, 'invoice.html');
    writeFileSync(page, html);
    await promisify(execFile)(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-pdf-header-footer',
        `--print-to-pdf=${target}`,
        `file://${page}`,
      ],
      { timeout: 60_000 },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  out.log(`Invoice ${invoice.number} written to ${target}.`);
  return 0;
}

function notFound(out: Out, ref: string): number {
  out.error(`There is no order ${ref}. Name it by its number (1042 or '#1042') or its id.`);
  return 1;
}

function usage(out: Out, problem: string): number {
  out.error(
    `${problem}\nUsage: npm run shop -- orders list [status…] | orders show <order> | orders set-status <order> <status> | mark-paid <order> [reference] | refund <order> [reference]\n(an order is its number, 1042 or '#1042', or its id)`,
  );
  return 1;
}
