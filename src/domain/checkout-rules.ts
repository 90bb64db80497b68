import { parseDeliverySlotId } from './calendar-dates.ts';
import { HIDDEN_CHARACTER_MESSAGE, hiddenCharacter } from './plain-text.ts';
import type { DetailsMode, ShopConfig } from './shop-config.ts';
import type { DeliveryMode } from './totals.ts';

/**
 * What checkout requires, given the shop (§3 detailsConfig.personal, per mode, §5 dictionary
 * rules). The browser runs it before sending and shows its own texts for the codes; the
 * server runs it again on what arrives and answers with its words. No zod here: the
 * browser loads this module.
 */

/** The English text of each issue (§5 dictionary; the spec quotes none of these exactly). */
export const checkoutIssueMessages = {
  required: 'This field is required.',
  name: 'Please enter at least 2 letters.',
  email: 'Please enter a valid e-mail address.',
  phone: 'Please enter a valid phone number.',
  zipCode: 'The zip code must have at least 3 characters.',
  invalid: 'This field is not correct.',
  noOrders: 'This shop takes no orders.',
  noDeliveryToPayAt: 'Pay on delivery is not offered for downloads and services. Please choose another way to pay.',
  tableCode: 'Please enter the 4-digit code on the card at your table.',
  wrongTableCode: "That is not this table's code. It is on the card at your table, beside the QR code; the staff can tell you too.",
  hidden: HIDDEN_CHARACTER_MESSAGE,
} as const;

export type CheckoutIssueCode = keyof typeof checkoutIssueMessages;
export type CheckoutIssue = { path: string; code: CheckoutIssueCode };

export type CheckoutInput = {
  deliveryMode: DeliveryMode;
  personalDetails: { fullName: string; email: string; phone: { number: string; dialCode: string } };
  shippingDetails?:
    { fullName: string; streetName: string; apartment?: string; city: string; state: string; zipCode: string; country: string; phone?: string } | undefined;
  dineInDetails?: { spaceId: string; value: string; code?: string | undefined } | undefined;
  shippingSlotId?: string | null | undefined;
  paymentType?: string | null | undefined;
  note?: string | undefined;
};

/**
 * An order the shop keys in on /admin (issue 41): by its channel, and whether it was paid on the
 * spot. It is an order whatever the storefront offers — any mode, paid or collected later.
 */
export type KeyedInCheck = { channel: 'counter' | 'phone' | 'whatsapp'; paid: boolean };

export type CheckoutShop = Pick<ShopConfig, 'orderConfig' | 'dineInConfig' | 'dineSpaces' | 'payment'>;

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_NUMBER = /^[0-9][0-9 -]{4,18}[0-9]$/;
const DIAL_CODE = /^\+[0-9]{1,4}$/;
/** §9: zip codes have at least 3 characters; names at least 2 letters. */
const MIN_ZIP = 3;
const MIN_NAME = 2;

type Asked = { email: boolean; phone: boolean; fullName: boolean };

/**
 * The personal details a way of getting the order asks for (decision 050): the owner's own
 * `modes` entry, field by field, over a default drawn from `personal`, which dine-in narrows
 * to the name (a coffee needs no e-mail) and pickup to the name and phone.
 */
export function detailsAsked(details: ShopConfig['orderConfig']['detailsConfig'], mode: DetailsMode): Asked {
  const { personal } = details;
  const fallback: Asked =
    mode === 'dine'
      ? { fullName: personal.fullName, email: false, phone: false }
      : mode === 'pickup'
        ? { fullName: personal.fullName, email: false, phone: personal.phone }
        : personal;
  const own = details.modes[mode];
  return { email: own?.email ?? fallback.email, phone: own?.phone ?? fallback.phone, fullName: own?.fullName ?? fallback.fullName };
}

/** The mode whose details an order is asked: a digital cart's own, whatever mode it was sent with. */
export const detailsModeOf = (deliveryMode: DeliveryMode, { digital }: { digital: boolean }): DetailsMode => (digital ? 'digital' : deliveryMode);

type Provider = ShopConfig['payment']['providers'][number];

/**
 * A way to pay as the checkout names it for a mode: the owner's words for the mode, else its
 * own. Paying on delivery when nothing is delivered (dine-in, pickup) is not called so: null
 * where the storefront says "Pay at the counter" and "Place order" in the shopper's language.
 */
export function paymentLabels(provider: Provider, mode: DetailsMode): { providerName: string | null; buttonText: string | null } {
  const own = provider.modes?.[mode];
  const atCounter = provider.id === 'pof' && (mode === 'dine' || mode === 'pickup');
  return {
    providerName: own?.providerName ?? (atCounter ? null : provider.providerName),
    buttonText: own?.buttonText ?? (atCounter ? null : provider.buttonText),
  };
}

/**
 * Whether a dine-in order from the storefront must carry its table's code (issue 41): the shop
 * asks for them and has tables to print them on. Then the order names one of those tables.
 */
export const tableCodesAsked = (shop: Pick<ShopConfig, 'dineInConfig' | 'dineSpaces'>): boolean =>
  shop.dineInConfig.dineInEnabled && shop.dineInConfig.tableCodes && shop.dineSpaces.length > 0;

const TABLE_CODE = /^[0-9]{4}$/;

/** The delivery modes the shop offers, in the order the checkout shows them. */
export function offeredModes(shop: CheckoutShop): DeliveryMode[] {
  return ['ship', ...(shop.dineInConfig.dineInEnabled ? ['dine' as const] : []), ...(shop.orderConfig.pickupEnabled ? ['pickup' as const] : [])];
}

/** Pay on delivery needs a delivery: an order of only downloads and services is not offered it (decision 041). */
export const mayPayWith = (paymentType: string | null | undefined, { digital }: { digital: boolean }): boolean => !(digital && paymentType === 'pof');

/** The shop's ways to pay that the cart is offered: all but pay on delivery for a digital cart. */
export function offeredPayments<P extends { id: string }>(shop: { payment: { providers: readonly P[] } }, { digital }: { digital: boolean }): P[] {
  return shop.payment.providers.filter((p) => mayPayWith(p.id, { digital }));
}

/**
 * `digital`: every line is virtual or downloadable (`isCartVirtual`). Nothing is carried
 * to the shopper or the table, so whatever the mode, no address, slot or table is asked;
 * the personal details still are (the e-mail is where a download goes), and a payment other
 * than on delivery.
 */
export function checkoutIssues(
  input: CheckoutInput,
  shop: CheckoutShop,
  { digital = false, keyedIn }: { digital?: boolean; keyedIn?: KeyedInCheck } = {},
): CheckoutIssue[] {
  const issues: CheckoutIssue[] = [];
  const add = (path: string, code: CheckoutIssueCode) => issues.push({ path, code });
  // the shop keying in an order asks only for a number to call back, and none at the counter
  const required = keyedIn
    ? { fullName: false, email: false, phone: keyedIn.channel !== 'counter' }
    : detailsAsked(shop.orderConfig.detailsConfig, detailsModeOf(input.deliveryMode, { digital }));
  // what the server's schema refuses before any rule (plain-text.ts), so the shopper hears it before sending
  const hidden = hiddenFields(input);
  if (hidden.length) return hidden.map((path) => ({ path, code: 'hidden' }));

  const p = input.personalDetails;
  const name = p.fullName.trim();
  if (name ? name.length < MIN_NAME : required.fullName) add('personalDetails.fullName', name ? 'name' : 'required');
  const email = p.email.trim();
  if (email ? !EMAIL.test(email) : required.email) add('personalDetails.email', email ? 'email' : 'required');
  const phone = p.phone.number.trim();
  if (phone ? !PHONE_NUMBER.test(phone) || !DIAL_CODE.test(p.phone.dialCode) : required.phone) add('personalDetails.phone', phone ? 'phone' : 'required');

  if (!keyedIn && !offeredModes(shop).includes(input.deliveryMode)) add('deliveryMode', 'invalid');
  if (input.deliveryMode === 'ship' && !digital) {
    const s = input.shippingDetails;
    if (!s) add('shippingDetails', 'required');
    else {
      const shipName = s.fullName.trim();
      if (shipName.length < MIN_NAME) add('shippingDetails.fullName', shipName ? 'name' : 'required');
      for (const field of ['streetName', 'city', 'state', 'country'] as const) if (!s[field].trim()) add(`shippingDetails.${field}`, 'required');
      const zip = s.zipCode.trim();
      if (zip.length < MIN_ZIP) add('shippingDetails.zipCode', zip ? 'zipCode' : 'required');
    }
    // a shop with delivery slots delivers in one: the id names the date and the slot (booking.ts);
    // whether it is still open and has room, the server decides when it places the order
    const slots = shop.orderConfig.deliverySlots;
    const slotId = input.shippingSlotId ? parseDeliverySlotId(input.shippingSlotId)?.slotId : undefined;
    if (slots.length > 0 && !input.shippingSlotId) add('shippingSlotId', 'required');
    else if (input.shippingSlotId && !slots.some((slot) => slot.id === slotId)) add('shippingSlotId', 'invalid');
  }
  if (input.deliveryMode === 'dine' && !digital) {
    const space = input.dineInDetails?.spaceId ?? '';
    if (space && !shop.dineSpaces.some((s) => s.id === space)) add('dineInDetails.spaceId', 'invalid');
    // a table with a code is chosen from the list, with its code; the shop keying in an order knows its table
    const coded = !keyedIn && tableCodesAsked(shop);
    if (!space && (coded || !input.dineInDetails?.value.trim())) add('dineInDetails.spaceId', 'required');
    else if (coded && !TABLE_CODE.test(input.dineInDetails?.code?.trim() ?? '')) add('dineInDetails.code', 'tableCode');
  }

  if (keyedIn) {
    // paid on the spot, else to collect (the default) or through one of the shop's ways to pay
    const type = input.paymentType;
    if (!keyedIn.paid && type && type !== 'pof' && !shop.payment.providers.some((pr) => pr.id === type)) add('paymentType', 'invalid');
  } else if (shop.orderConfig.orderEnabled) {
    if (!input.paymentType) add('paymentType', 'required');
    else if (!shop.payment.providers.some((pr) => pr.id === input.paymentType)) add('paymentType', 'invalid');
    else if (!mayPayWith(input.paymentType, { digital })) add('paymentType', 'noDeliveryToPayAt');
  } else if (!shop.orderConfig.enquiryEnabled) {
    add('deliveryMode', 'noOrders');
  }
  return issues;
}

const ADDRESS_FIELDS = ['fullName', 'streetName', 'apartment', 'city', 'state', 'zipCode', 'country', 'phone'] as const;

/** The fields that hold a hidden character: a name, address or contact (`line`), or the note (`text`). */
function hiddenFields(input: CheckoutInput): string[] {
  const { personalDetails: p, shippingDetails: s, dineInDetails: d } = input;
  const lines: Array<[string, string | undefined]> = [
    ['personalDetails.fullName', p.fullName],
    ['personalDetails.email', p.email],
    ['personalDetails.phone', p.phone.number],
    ['personalDetails.phone', p.phone.dialCode],
    ...ADDRESS_FIELDS.map((field): [string, string | undefined] => [`shippingDetails.${field}`, s?.[field]]),
    ['dineInDetails.value', d?.value],
  ];
  const found = lines.filter(([, value]) => value && hiddenCharacter(value, 'line')).map(([path]) => path);
  if (input.note && hiddenCharacter(input.note, 'text')) found.push('note');
  return [...new Set(found)];
}
