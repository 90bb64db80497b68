import type { PaymentType } from './order.ts';
import type { DeliveryMode } from './totals.ts';

/**
 * The checkout's state (spec §3 Checkout state) and its transitions (§4 Checkout) as a
 * pure reducer: the checkout screen keeps it in a store, the tests drive it directly.
 */

export type PersonalDetails = { fullName: string; email: string; phone: { number: string; dialCode: string } };
export type ShippingDetails = {
  fullName: string;
  streetName: string;
  apartment: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
};
/** `code`: the 4-digit code on the table's card (issue 41), when the shop asks for one; it belongs to the table chosen. */
export type DineInDetails = { spaceId: string; value: string; code: string };

export type CheckoutState = {
  deliveryMode: DeliveryMode;
  shippingSlotId: string | null;
  dineInDetails: DineInDetails;
  personalDetails: PersonalDetails;
  shippingDetails: ShippingDetails;
  orderId: string | null;
  orderPaymentType: PaymentType | null;
  isOrderCompleted: boolean;
  isThankYouPage: boolean;
  useSavedAddress: boolean;
  selectedAddressId: string | null;
  /** The saved address picked was changed in the form: the order updates it instead of saving another. */
  savedAddressEdited: boolean;
  /** Whose account filled the contact details since checkout started: filled once, then the shopper's to edit. */
  contactFilledFor: string | null;
  couponCode: string;
  /** For the shop: directions to the gate, no onions, cut in slices (issue 18: the slip and the kitchen ticket print it). */
  note: string;
  /** "Send me updates on WhatsApp" (issue 40): off until ticked, or as the account last answered. */
  whatsappUpdates: boolean;
};

export type CheckoutAction =
  | { type: 'start'; dialCode: string; country: string }
  | { type: 'chooseMode'; mode: DeliveryMode }
  | { type: 'setDineIn'; spaceId?: string; value?: string; code?: string }
  | { type: 'setPersonal'; details: Partial<Omit<PersonalDetails, 'phone'>> & { phone?: Partial<PersonalDetails['phone']> } }
  | { type: 'setShipping'; details: Partial<ShippingDetails> }
  | { type: 'chooseSlot'; slotId: string | null }
  | { type: 'choosePayment'; paymentType: PaymentType }
  | { type: 'setCoupon'; code: string }
  | { type: 'setNote'; note: string }
  | { type: 'setWhatsappUpdates'; on: boolean }
  | { type: 'useSavedAddress'; id: string; address: ShippingDetails }
  | { type: 'useNewAddress'; country: string }
  | { type: 'prefillContact'; userId: string; name: string; email: string | null; phone: string | null; whatsappUpdates?: boolean }
  | { type: 'placed'; orderId: string }
  | { type: 'completed' };

const emptyDineIn = (): DineInDetails => ({ spaceId: '', value: '', code: '' });

export function initialCheckout(dialCode = '+91', country = ''): CheckoutState {
  return {
    deliveryMode: 'ship',
    shippingSlotId: null,
    dineInDetails: emptyDineIn(),
    personalDetails: { fullName: '', email: '', phone: { number: '', dialCode } },
    shippingDetails: { fullName: '', streetName: '', apartment: '', city: '', state: '', zipCode: '', country, phone: '' },
    orderId: null,
    orderPaymentType: null,
    isOrderCompleted: false,
    isThankYouPage: false,
    useSavedAddress: true,
    selectedAddressId: null,
    savedAddressEdited: false,
    contactFilledFor: null,
    couponCode: '',
    note: '',
    whatsappUpdates: false,
  };
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'start': {
      // §4: start resets personal and shipping details, slot, order id and payment type
      const fresh = initialCheckout(action.dialCode, action.country);
      return {
        ...state,
        personalDetails: fresh.personalDetails,
        shippingDetails: fresh.shippingDetails,
        shippingSlotId: null,
        orderId: null,
        orderPaymentType: null,
        isOrderCompleted: false,
        isThankYouPage: false,
        savedAddressEdited: false,
        contactFilledFor: null,
      };
    }
    case 'chooseMode':
      // §4: choosing a delivery mode clears dine-in details
      return { ...state, deliveryMode: action.mode, dineInDetails: emptyDineIn(), shippingSlotId: action.mode === 'ship' ? state.shippingSlotId : null };
    case 'setDineIn': {
      // §4: setting a dine-in space or value forces mode dine
      const spaceId = action.spaceId ?? state.dineInDetails.spaceId;
      // another table's code is not this one's
      const code = action.code ?? (spaceId === state.dineInDetails.spaceId ? state.dineInDetails.code : '');
      const dineInDetails = { spaceId, value: action.value ?? state.dineInDetails.value, code };
      return { ...state, deliveryMode: 'dine', dineInDetails, shippingSlotId: null };
    }
    case 'setPersonal': {
      const { phone, ...rest } = action.details;
      return { ...state, personalDetails: { ...state.personalDetails, ...rest, phone: { ...state.personalDetails.phone, ...phone } } };
    }
    case 'setShipping':
      // typing in a saved address picked changes that address: the order updates it rather than saving a second copy
      return { ...state, shippingDetails: { ...state.shippingDetails, ...action.details }, savedAddressEdited: state.selectedAddressId !== null };
    case 'useSavedAddress':
      return { ...state, useSavedAddress: true, selectedAddressId: action.id, shippingDetails: { ...action.address }, savedAddressEdited: false };
    case 'useNewAddress':
      return {
        ...state,
        useSavedAddress: false,
        selectedAddressId: null,
        shippingDetails: initialCheckout('', action.country).shippingDetails,
        savedAddressEdited: false,
      };
    case 'prefillContact':
      return prefillContact(state, action);
    case 'chooseSlot':
      return { ...state, shippingSlotId: action.slotId };
    case 'choosePayment':
      return { ...state, orderPaymentType: action.paymentType };
    case 'setCoupon':
      return { ...state, couponCode: action.code };
    case 'setNote':
      return { ...state, note: action.note };
    case 'setWhatsappUpdates':
      return { ...state, whatsappUpdates: action.on };
    case 'placed':
      return { ...state, orderId: action.orderId };
    case 'completed':
      return { ...state, isOrderCompleted: true, isThankYouPage: true };
  }
}

/**
 * A logged-in shopper's name, e-mail and phone from their account, once per checkout
 * started and only into fields still empty: what the shopper typed stays, and what was
 * filled is theirs to change or clear. Their answer to WhatsApp updates at the last checkout
 * is ticked again (never unticked: a guest's tick before logging in stays).
 */
function prefillContact(
  state: CheckoutState,
  { userId, name, email, phone, whatsappUpdates }: Extract<CheckoutAction, { type: 'prefillContact' }>,
): CheckoutState {
  if (state.contactFilledFor === userId) return state;
  const now = state.personalDetails;
  const split = phone ? splitPhone(phone, now.phone.dialCode) : null;
  const personalDetails = {
    fullName: now.fullName || name,
    email: now.email || (email ?? ''),
    phone: now.phone.number || !split ? now.phone : split,
  };
  return { ...state, personalDetails, contactFilledFor: userId, whatsappUpdates: state.whatsappUpdates || whatsappUpdates === true };
}

/**
 * An E.164 number as the checkout's two boxes: the dial code the checkout shows when it fits, else a known one, else all in the number box.
 * @internal Exported for its unit test only (a test seam): the dial-code cases are tested without a whole checkout state.
 */
export function splitPhone(e164: string, preferred: string): { dialCode: string; number: string } {
  const codes = [preferred, ...Object.values(dialCodes).sort((a, b) => b.length - a.length)].filter(Boolean);
  const dialCode = codes.find((c) => e164.startsWith(c));
  return dialCode ? { dialCode, number: e164.slice(dialCode.length) } : { dialCode: preferred, number: e164 };
}

/**
 * Dine-in from a table link (§4): `dineInSpaceId` and `dineInValue` count only when the
 * shop takes dine-in orders, and the space only when the shop has it.
 */
export function dineInFromUrl(
  params: URLSearchParams,
  shop: { dineInEnabled: boolean; dineSpaces: ReadonlyArray<{ id: string }> },
): Partial<Omit<DineInDetails, 'code'>> | null {
  if (!shop.dineInEnabled) return null;
  const spaceId = params.get('dineInSpaceId')?.trim() ?? '';
  const value = params.get('dineInValue')?.trim().slice(0, 60) ?? '';
  const known = spaceId !== '' && shop.dineSpaces.some((s) => s.id === spaceId);
  if (!known && !value) return null;
  return { ...(known ? { spaceId } : {}), ...(value ? { value } : {}) };
}

/** Dial codes of the countries shops run in most; others start empty for the shopper to fill. */
const dialCodes: Record<string, string> = { IN: '+91', US: '+1', CA: '+1', GB: '+44', AE: '+971', SG: '+65', AU: '+61', NP: '+977', LK: '+94', BD: '+880' };

export function dialCodeFor(country: string): string {
  return dialCodes[country.toUpperCase()] ?? '';
}
