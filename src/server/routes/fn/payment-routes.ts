import { timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromMinor, minor } from '../../../domain/money.ts';
import { orderLimitMessage, takesGateway, unpaidLimitFor } from '../../../domain/order-pricing.ts';
import { paymentTypes } from '../../../domain/order.ts';
import { orderLabel } from '../../../domain/order-number.ts';
import type { BankAlertRepository } from '../../db/repositories/bank-alert-repository.ts';
import { UPI_MAX_EXTRA, upiLink, upiVerifyBy, UTR } from '../../../domain/payments.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { OrderRepository } from '../../db/repositories/order-repository.ts';
import type { PaymentRepository } from '../../db/repositories/payment-repository.ts';
import { publicOrigin } from '../../public-origin.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import { PAYU_TXNID, payuAnswerAmount, payuEndpoints, payuRequest, payuRequestHash, payuResponseHash } from '../../services/payu-protocol.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import { RazorpayError } from '../../services/razorpay-api.ts';
import type { RazorpayPayments } from '../../services/razorpay-payments.ts';
import { orderRefusals, paymentConfigAnswer, refusals, upiReferenceAnswer } from './order-answers.ts';
import { orderForCaller } from './order-caller.ts';
import { errorBody, errorSchema, fieldsBody } from '../../plugins/error-body.ts';

/** PayU's credentials: the key is public, the salt a secret from the environment (PAYU_SALT). */
export type PayuSettings = { key: string | undefined; salt: string | undefined; endpoint: string | undefined };

type Options = {
  shop: () => ShopConfig;
  fractionDigits: number;
  orders: OrderRepository;
  accessTokens: AccessTokens;
  payments: PaymentRepository;
  payu: PayuSettings;
  publicUrl: string | undefined;
  orderEvents: OrderEvents;
  /** The bank's credit alerts kept (issue 39): a reference typed after its alert came marks the order paid. */
  bankAlerts: BankAlertRepository;
  /** Razorpay, when the environment gives its three settings. */
  razorpay: RazorpayPayments | undefined;
  /** Now: a payment started restarts an unpaid order's hold from then. */ clock: () => number;
};

/** A cancelled or rejected order: nothing is started or claimed for it, and nothing changes. */
const ORDER_ENDED = errorBody('order_ended', 'This order was cancelled or rejected, so it takes no payment.');
const PAYU_NOT_CONFIGURED = errorBody('payu_not_configured', 'Card and netbanking payments are not available right now.');
const RAZORPAY_UNAVAILABLE = errorBody(
  'razorpay_unavailable',
  'Online payment could not be started. Please try again in a minute, or choose another way to pay.',
);
const NOT_PAYABLE = errorBody('not_payable', 'This order is paid already or takes no payment.');

const badRequest = (reply: FastifyReply, path: string, message: string) => reply.code(400).send(fieldsBody([{ path, message }]));

/**
 * Payment calls (spec §7 `order/paymentConfig`, providers of §9): pay on delivery, UPI
 * with a deep link and a QR code, PayU's hosted checkout and its return. Like the cancel
 * request, they need the order's notification token as the bearer token (decision 016),
 * or the access token of the account that placed it (decision 043).
 */
export const paymentRoutes: FastifyPluginAsync<Options> = async (
  app,
  { shop: shopNow, fractionDigits: digits, orders, accessTokens, payments, payu, publicUrl, orderEvents, bankAlerts, razorpay, clock },
) => {
  const payuKey = (shop: ShopConfig) => payu.key ?? shop.payment.payu?.merchantKey;

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/order/paymentConfig',
    {
      schema: {
        body: z.object({ sfId: z.string().max(60), orderId: z.string().min(1).max(64), provider: z.enum(paymentTypes) }),
        response: { 200: paymentConfigAnswer, ...refusals, ...orderRefusals, 503: errorSchema },
      },
    },
    async (req, reply) => {
      const shop = shopNow();
      const { sfId, orderId, provider } = req.body;
      if (sfId !== shop.id) return badRequest(reply, 'sfId', 'Store not specified');
      if (!shop.payment.providers.some((p) => p.id === provider)) return badRequest(reply, 'provider', 'This shop does not take this kind of payment.');
      const found = await orderForCaller(req, orderId, { orders, accessTokens });
      if (!('order' in found)) return reply.code(found.status).send(found.body);
      const { order } = found;
      if (provider === 'payu' && (!payuKey(shop) || !payu.salt)) return reply.code(503).send(PAYU_NOT_CONFIGURED);
      if (provider === 'razorpay' && !razorpay) return reply.code(503).send(RAZORPAY_UNAVAILABLE);
      const limit = unpaidLimitFor(shop, provider);
      const chosen = await payments.choose(order.id, provider, { limit, now: clock() });
      if (chosen === 'order_limit')
        return reply.code(409).send(errorBody('order_limit', orderLimitMessage(limit, shop.localeConfig, { gateway: takesGateway(shop) })));
      if (chosen === 'order_ended') return reply.code(409).send(ORDER_ENDED);
      if (chosen === 'not_payable') return reply.code(409).send(NOT_PAYABLE);

      if (provider === 'pof') return { success: true, provider, paymentStatus: 'to_collect' } as const;
      if (provider === 'upi-manual') {
        const upi = shop.payment.upi;
        if (!upi) return reply.code(503).send(errorBody('upi_not_configured', 'UPI payments are not available right now.'));
        // the total, or a few paise more that tell this payment apart in the shop's bank alerts
        const amount = (await payments.upiAmountFor(order.id, digits >= 2 ? UPI_MAX_EXTRA : 0)) ?? order.grandTotal;
        const link = upiLink(upi, {
          amount,
          fractionDigits: digits,
          note: `Order ${orderLabel(order)}`,
          reference: order.id,
          currency: order.currencyCode,
        });
        // qrcode is loaded with the first UPI payment, not with the server
        const { default: QRCode } = await import('qrcode');
        const qrSvg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
        return {
          success: true,
          provider,
          paymentStatus: 'awaiting_payment',
          amount: fromMinor(amount, digits),
          extra: fromMinor(minor(amount - order.grandTotal), digits),
          upiLink: link,
          qrSvg,
          payee: upi,
        } as const;
      }
      if (provider === 'razorpay') {
        try {
          const checkout = await razorpay!.checkout(order, shop.title, payments, clock());
          return { success: true, provider, paymentStatus: 'awaiting_payment', checkout } as const;
        } catch (err) {
          if (!(err instanceof RazorpayError)) throw err;
          req.log.error({ orderId: order.id, status: err.status, code: err.code, err: err.message }, 'Razorpay did not make the order');
          return reply.code(503).send(RAZORPAY_UNAVAILABLE);
        }
      }
      const txnid = await payments.startPayu(order.id, order.grandTotal, clock());
      const returnUrl = `${publicOrigin(req, publicUrl)}/fn/payu/return`;
      const personal = order.details.personalDetails;
      const fields = payuRequest(
        {
          key: payuKey(shop)!,
          txnid,
          productinfo: `Order ${orderLabel(order)}`.slice(0, 100),
          firstname: (personal.fullName || 'Customer').slice(0, 60),
          email: personal.email || 'no-reply@example.com',
          phone: personal.phone.number || '0000000000',
          surl: returnUrl,
          furl: returnUrl,
          udf1: order.id,
          udf2: '',
          udf3: '',
          udf4: '',
          udf5: '',
        },
        order.grandTotal,
        digits,
      );
      const action = payu.endpoint ?? payuEndpoints[shop.payment.payu?.mode ?? 'test'];
      return {
        success: true,
        provider,
        paymentStatus: 'awaiting_payment',
        action,
        method: 'POST',
        fields: { ...fields, hash: payuRequestHash(fields, payu.salt!) },
      } as const;
    },
  );

  typed.post(
    '/order/upiReference',
    {
      schema: {
        body: z.object({ sfId: z.string().max(60), orderId: z.string().min(1).max(64), utr: z.string().trim() }),
        response: { 200: upiReferenceAnswer, ...refusals, ...orderRefusals },
      },
    },
    async (req, reply) => {
      const shop = shopNow();
      const { sfId, orderId, utr } = req.body;
      if (sfId !== shop.id) return badRequest(reply, 'sfId', 'Store not specified');
      if (!UTR.test(utr)) return badRequest(reply, 'utr', 'Enter the 12-digit UPI reference (UTR) your app shows.');
      const found = await orderForCaller(req, orderId, { orders, accessTokens });
      if (!('order' in found)) return reply.code(found.status).send(found.body);
      const { order } = found;
      const recorded = await payments.recordUpiReference(order.id, utr.toUpperCase(), order.upiAmount ?? order.grandTotal, clock());
      if (typeof recorded === 'string') return reply.code(409).send(recorded === 'order_ended' ? ORDER_ENDED : NOT_PAYABLE);
      req.log.info({ orderId: order.id }, 'UPI reference received');
      // the bank's alert of this very payment may have come first
      if (await bankAlerts.matchTypedReference(order.id, utr, clock())) {
        req.log.info({ orderId: order.id }, 'UPI reference matched a bank alert received before');
        orderEvents.publish({ orderId: order.id, status: order.status, what: 'paid', at: Date.now() });
        return { success: true, paymentStatus: 'paid', verifyBy: null } as const;
      }
      // the owner's board shows the reference to check
      orderEvents.publish({ orderId: order.id, status: order.status, what: 'payment_claimed', at: Date.now() });
      // the shopper is told by when the shop confirms it (null once the owner accepted the order: no deadline runs then)
      const verifyBy = upiVerifyBy({ status: order.status, paymentStatus: 'awaiting_verification', paymentClaimedAt: recorded.claimedAt }, shop.orderConfig);
      return { success: true, paymentStatus: 'awaiting_verification', verifyBy } as const;
    },
  );

  // PayU posts its answer as a form to the return URL; the browser follows our redirect
  await app.register(async (payuReturn) => {
    await payuReturn.register(formbody, { bodyLimit: 16 * 1024 });
    const field = z.string().max(500).optional().default('');
    payuReturn.withTypeProvider<ZodTypeProvider>().post(
      '/payu/return',
      {
        schema: {
          body: z
            .object({
              key: field,
              txnid: field,
              amount: field,
              productinfo: field,
              firstname: field,
              email: field,
              status: field,
              hash: field,
              mihpayid: field,
              additionalCharges: field,
              udf1: field,
              udf2: field,
              udf3: field,
              udf4: field,
              udf5: field,
            })
            .passthrough(),
        },
      },
      async (req, reply) => {
        const b = req.body;
        const back = (orderId: string | null, outcome: 'paid' | 'failed') =>
          reply.redirect(`/checkout?${new URLSearchParams({ ...(orderId ? { orderId } : {}), payment: outcome }).toString()}`, 303);
        const key = payuKey(shopNow());
        if (!key || !payu.salt) return reply.code(503).send(PAYU_NOT_CONFIGURED);
        const expected = Buffer.from(payuResponseHash({ ...b, additionalCharges: b.additionalCharges || undefined }, payu.salt));
        const given = Buffer.from(b.hash.toLowerCase());
        const genuine =
          given.length === expected.length &&
          timingSafeEqual(given, expected) &&
          b.key === key &&
          PAYU_TXNID.test(b.txnid) &&
          payuAnswerAmount(b, digits) !== null;
        if (!genuine) {
          req.log.warn({ txnid: b.txnid.slice(0, 30) }, 'PayU return with a wrong signature ignored');
          return back(null, 'failed');
        }
        const { outcome, orderId } = await payments.settlePayu(
          b.txnid,
          {
            success: b.status === 'success',
            amountMinor: payuAnswerAmount(b, digits)!,
            mihpayid: b.mihpayid || null,
            raw: { status: b.status, mihpayid: b.mihpayid, amount: b.amount, txnid: b.txnid },
          },
          clock(),
        );
        req.log.info({ txnid: b.txnid, orderId, outcome }, 'PayU return');
        if (outcome === 'paid' && orderId) orderEvents.publish({ orderId, status: '', what: 'paid', at: Date.now() });
        const paid = outcome === 'paid' || (outcome === 'already_settled' && orderId !== null && (await orders.view(orderId))?.paymentStatus === 'paid');
        return back(orderId, paid ? 'paid' : 'failed');
      },
    );
  });
};
