import { bookingMessages, isoInZone } from '../../../domain/booking.ts';
import { fromMinor, type Minor } from '../../../domain/money.ts';
import { openingSentence } from '../../../domain/opening-words.ts';
import { checkOrderAgainstShop, checkoutMessages, type OrderRequest } from '../../../domain/order.ts';
import {
  orderLimitMessage,
  overLimitMessage,
  priceChangedMessage,
  slotLimitMessage,
  takesGateway,
  type CouponProblem,
  type OrderRefusal,
  type PricedOrder,
} from '../../../domain/order-pricing.ts';
import { quantityMessages } from '../../../domain/quantity.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import { totalsForApi } from '../../../domain/totals.ts';
import { errorBody, fieldsBody, type ErrorBody } from '../../plugins/error-body.ts';

/** What the quote and the order call answer (order-routes.ts): the shopper's words for each refusal, and a quote's lines and totals. */

type Answer = { statusCode: number; body: ErrorBody };

const NOT_VALID = 'This coupon is not valid or was used already.';
/**
 * What the shopper reads for each reason a coupon is refused: one answer for a code that does not
 * exist, is off, out of its dates, used up or not this shopper's (it tells a guesser nothing, nor
 * whether an e-mail ordered here before); the minimum only to a code that would apply (decision 076).
 */
const couponMessages: Record<CouponProblem, string> = {
  unknown: NOT_VALID,
  used: NOT_VALID,
  expired: NOT_VALID,
  not_yet: NOT_VALID,
  first_order: NOT_VALID,
  minimum: "Your order is below this coupon's minimum.",
};

/** A refusal as the shopper reads it; nothing was written. `fractionDigits`: money's, for a new quote. */
export function refusal(result: OrderRefusal, shop: ShopConfig, request: OrderRequest, fractionDigits: number): Answer {
  switch (result.reason) {
    case 'needs_delivery':
      // what the order would have been told had its products been known to need carrying
      return { statusCode: 400, body: fieldsBody(checkOrderAgainstShop(request, shop)) };
    case 'no_delivery_to_pay_at':
      return { statusCode: 400, body: fieldsBody([{ path: 'order.paymentType', message: checkoutMessages.noDeliveryToPayAt }]) };
    case 'out_of_stock':
      return {
        statusCode: 409,
        body: errorBody('out_of_stock', 'Some products are no longer in stock in the quantity you asked for.', { lines: result.lines }),
      };
    case 'unavailable':
      return { statusCode: 409, body: errorBody('unavailable', 'Some products can no longer be ordered.', { ids: result.ids }) };
    case 'quantity':
      return {
        statusCode: 400,
        body: fieldsBody(
          result.lines.map((l) => ({
            path: `order.items.${l.index}.qty`,
            message: l.problem === 'over_limit' ? overLimitMessage(l.max, l.isFraction) : quantityMessages[l.problem],
          })),
        ),
      };
    case 'order_limit':
      return { statusCode: 409, body: errorBody('order_limit', orderLimitMessage(result.limit, shop.localeConfig, { gateway: takesGateway(shop) })) };
    case 'slot_limit_reached':
      return { statusCode: 409, body: errorBody('slot_limit_reached', slotLimitMessage(result.max)) };
    case 'price_changed': {
      const quote = quoteBody(result.priced, fractionDigits);
      return { statusCode: 409, body: errorBody('price_changed', priceChangedMessage(result.priced.totals.grandTotal, shop.localeConfig), { quote }) };
    }
    case 'slot_full':
    case 'slot_closed':
      return { statusCode: 409, body: errorBody(result.reason, bookingMessages[result.reason]) };
    case 'store_closed': {
      const { message, ...opensAt } = closedWords(result.hours, shop);
      return { statusCode: 409, body: errorBody('store_closed', message, opensAt) };
    }
    case 'coupon':
      return { statusCode: 400, body: fieldsBody([{ path: 'order.couponCode', message: couponMessages[result.problem] }]) };
  }
}

/**
 * A closed shop's words: by the switch as ever, by its ordering hours when it opens again
 * (`opensAt`, ISO with the shop's offset, for the checkout to say in the shopper's language),
 * each followed by the owner's own `closedMessage`.
 */
function closedWords(hours: { opensAt: number | null; now: number } | undefined, shop: ShopConfig) {
  const own = shop.orderConfig.closedMessage;
  const closed = hours
    ? `The shop is not taking orders right now. ${openingSentence(hours.opensAt, hours.now, shop.timeZone, englishLocale(shop.localeConfig.defaultLocale))}`
    : 'The shop is closed right now and is not taking orders.';
  return { message: own ? `${closed} ${own}` : closed, ...(hours ? { opensAt: hours.opensAt === null ? null : isoInZone(hours.opensAt, shop.timeZone) } : {}) };
}

/** The server speaks English: in the shop's own English (7:00 am in India), else American. */
const englishLocale = (locale: string) => (locale.startsWith('en-') ? locale : 'en-US');

/** A quote as the checkout shows it: the lines and totals the order would get, in the API's decimals. */
export function quoteBody({ lines, totals }: PricedOrder, fractionDigits: number) {
  const money = (m: Minor) => fromMinor(m, fractionDigits);
  return {
    success: true as const,
    lines: lines.map((l) => ({
      productId: l.product.id,
      title: l.product.title,
      variantName: l.product.variantName,
      qty: l.qtyMilli / 1000,
      isFraction: l.product.isFraction,
      unitPrice: money(l.unit),
      total: money(l.total),
      discount: money(l.discount),
      tax: money(l.tax),
      taxPercent: l.taxPercent,
    })),
    totals: totalsForApi(totals.lines, fractionDigits),
    grandTotal: money(totals.grandTotal),
  };
}
