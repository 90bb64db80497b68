import { describe, expect, it } from 'vitest';
import {
  checkoutIssueMessages,
  checkoutIssues,
  detailsAsked,
  offeredModes,
  offeredPayments,
  paymentLabels,
  type CheckoutInput,
  type CheckoutShop,
} from './checkout-rules.ts';
import { orderRequestSchema } from './order.ts';

const shop = (
  over: {
    personal?: Partial<CheckoutShop['orderConfig']['detailsConfig']['personal']>;
    pickup?: boolean;
    dine?: boolean;
    tableCodes?: boolean;
    orders?: boolean;
    enquiries?: boolean;
  } = {},
): CheckoutShop => ({
  orderConfig: {
    orderEnabled: over.orders ?? true,
    enquiryEnabled: over.enquiries ?? false,
    allowOrderOnNoStock: false,
    allowZeroPriceProducts: false,
    pickupEnabled: over.pickup ?? true,
    deliveryCharge: { amount: 0, disableWhenTotalAbove: 0 },
    packingCharge: { type: 'fixed', amount: 0, amountPercentage: 0, minAmount: 0, maxAmount: 0, removeFractionalPart: false },
    detailsConfig: { personal: { fullName: true, email: true, phone: true, ...over.personal }, modes: {} },
    deliverySlots: [{ id: 'morning', label: 'Morning', from: '08:00', to: '11:00', capacity: 10, cutoffMinutes: 60 }],
    deliveryDays: 3,
    maxQuantityPerLine: { units: 50, kg: 25 },
    maxGuestOrderValue: 10_000,
    unpaidHoldMinutes: 30,
    upiVerifyHours: 12,
    maxSlotPlacesPerCustomer: 2,
    orderRateLimit: { perAddress: 30, perContact: 5, windowMinutes: 10 },
    closedMessage: '',
  },
  dineInConfig: { dineInEnabled: over.dine ?? true, tableCodes: over.tableCodes ?? false },
  dineSpaces: [{ id: 'table-1', name: 'Table 1' }],
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

const pof = { id: 'pof' as const, providerName: 'Pay on delivery', buttonText: 'Place order' };
const upi = { id: 'upi-manual' as const, providerName: 'UPI', buttonText: 'Pay by UPI' };
/** The shop, taking pay on delivery and UPI. */
const payingBoth = (): CheckoutShop => ({ ...shop(), payment: { providers: [pof, upi] } });

const complete: CheckoutInput = {
  deliveryMode: 'ship',
  personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '98000 00001', dialCode: '+91' } },
  shippingDetails: { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' },
  shippingSlotId: '2026-11-22/morning',
  paymentType: 'pof',
};
const codes = (input: CheckoutInput, s = shop()) => checkoutIssues(input, s).map((i) => `${i.path}:${i.code}`);

describe('checkoutIssues', () => {
  it('a complete delivery order has nothing to fix', () => {
    expect(codes(complete)).toEqual([]);
  });

  it('says before sending which name, address or note holds a hidden character, in the words and fields the server answers', () => {
    const tricked: CheckoutInput = {
      ...complete,
      personalDetails: { ...complete.personalDetails, fullName: 'Asha\u202Egnp.exe' },
      shippingDetails: { ...complete.shippingDetails!, streetName: '12\u200B MG Road', apartment: 'Flat\n4' },
      note: 'Ring \u2067twice\u2069',
    };
    expect(codes(tricked)).toEqual(['personalDetails.fullName:hidden', 'shippingDetails.streetName:hidden', 'shippingDetails.apartment:hidden', 'note:hidden']);
    // the server's schema refuses the same fields with the same words (the note by the rule every route's text follows)
    const server = orderRequestSchema.safeParse({ sfId: 'shop', order: { ...tricked, items: [{ id: 'tee', qty: 1 }] } });
    expect(server.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['order.personalDetails.fullName', checkoutIssueMessages.hidden],
      ['order.shippingDetails.streetName', checkoutIssueMessages.hidden],
      ['order.shippingDetails.apartment', checkoutIssueMessages.hidden],
    ]);
    // names in the scripts of India keep the joiners they are written with
    const lakshmi = { ...complete, personalDetails: { ...complete.personalDetails, fullName: 'लक्\u200Dष्मी राव' } };
    expect(codes(lakshmi)).toEqual([]);
  });

  it('personal details are required as the shop says, and checked when given', () => {
    const empty = { ...complete, personalDetails: { fullName: '', email: '', phone: { number: '', dialCode: '+91' } } };
    expect(codes(empty)).toEqual(['personalDetails.fullName:required', 'personalDetails.email:required', 'personalDetails.phone:required']);
    expect(codes(empty, shop({ personal: { fullName: false, email: false, phone: false } }))).toEqual([]);
    const wrong = { ...complete, personalDetails: { fullName: 'A', email: 'asha@', phone: { number: '12', dialCode: '+91' } } };
    expect(codes(wrong, shop({ personal: { fullName: false, email: false, phone: false } }))).toEqual([
      'personalDetails.fullName:name',
      'personalDetails.email:email',
      'personalDetails.phone:phone',
    ]);
  });

  it('a coffee at the table needs only a name, pickup a name and a phone, delivery what the shop asks', () => {
    const nameOnly = { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '+91' } };
    const dine = {
      ...complete,
      deliveryMode: 'dine' as const,
      shippingDetails: undefined,
      shippingSlotId: null,
      dineInDetails: { spaceId: 'table-1', value: '' },
      personalDetails: nameOnly,
    };
    expect(codes(dine)).toEqual([]);
    expect(codes({ ...dine, personalDetails: { ...nameOnly, fullName: '' } })).toEqual(['personalDetails.fullName:required']);
    const pickup = { ...complete, deliveryMode: 'pickup' as const, shippingDetails: undefined, shippingSlotId: null, personalDetails: nameOnly };
    expect(codes(pickup)).toEqual(['personalDetails.phone:required']);
    expect(codes({ ...complete, personalDetails: nameOnly })).toEqual(['personalDetails.email:required', 'personalDetails.phone:required']);
    // what is given is still checked: a wrong e-mail at the table is refused though none is asked
    expect(codes({ ...dine, personalDetails: { ...nameOnly, email: 'asha@' } })).toEqual(['personalDetails.email:email']);
  });

  it("the owner sets each mode's questions field by field over the defaults", () => {
    const personal = { fullName: true, email: true, phone: true };
    expect(detailsAsked({ personal, modes: {} }, 'dine')).toEqual({ fullName: true, email: false, phone: false });
    expect(detailsAsked({ personal, modes: {} }, 'pickup')).toEqual({ fullName: true, email: false, phone: true });
    expect(detailsAsked({ personal, modes: {} }, 'ship')).toEqual(personal);
    expect(detailsAsked({ personal, modes: {} }, 'digital')).toEqual(personal);
    expect(detailsAsked({ personal, modes: { dine: { phone: true } } }, 'dine')).toEqual({ fullName: true, email: false, phone: true });
    expect(detailsAsked({ personal, modes: { ship: { email: false } } }, 'ship')).toEqual({ fullName: true, email: false, phone: true });
    // a shop that never asks a phone does not ask it at pickup either
    expect(detailsAsked({ personal: { ...personal, phone: false }, modes: {} }, 'pickup')).toEqual({ fullName: true, email: false, phone: false });
  });

  it('delivery needs an address with a zip code of at least 3 characters, and a dated slot the shop has', () => {
    expect(codes({ ...complete, shippingDetails: undefined })).toEqual(['shippingDetails:required']);
    const address = { ...complete.shippingDetails!, zipCode: '56', city: ' ' };
    expect(codes({ ...complete, shippingDetails: address, shippingSlotId: '2026-11-22/midnight' })).toEqual([
      'shippingDetails.city:required',
      'shippingDetails.zipCode:zipCode',
      'shippingSlotId:invalid',
    ]);
    expect(codes({ ...complete, shippingSlotId: 'morning' })).toEqual(['shippingSlotId:invalid']);
    expect(codes({ ...complete, shippingSlotId: null })).toEqual(['shippingSlotId:required']);
    const noSlots = shop();
    noSlots.orderConfig.deliverySlots = [];
    expect(codes({ ...complete, shippingSlotId: null }, noSlots)).toEqual([]);
  });

  it('dine-in needs a known table or a value, and the shop to offer it', () => {
    const dine = { ...complete, deliveryMode: 'dine' as const, shippingDetails: undefined };
    expect(codes({ ...dine, dineInDetails: { spaceId: 'table-1', value: '' } })).toEqual([]);
    expect(codes({ ...dine, dineInDetails: { spaceId: '', value: 'Seat 4' } })).toEqual([]);
    expect(codes({ ...dine, dineInDetails: { spaceId: 'kitchen', value: '' } })).toEqual(['dineInDetails.spaceId:invalid']);
    expect(codes({ ...dine, dineInDetails: { spaceId: '', value: '' } })).toEqual(['dineInDetails.spaceId:required']);
    expect(codes({ ...dine, dineInDetails: { spaceId: 'table-1', value: '' } }, shop({ dine: false }))).toEqual(['deliveryMode:invalid']);
  });

  it("a shop that asks for table codes takes a table from its list with the card's four digits; the shop keying in needs none", () => {
    const coded = shop({ tableCodes: true });
    const dine = { ...complete, deliveryMode: 'dine' as const, shippingDetails: undefined };
    expect(codes({ ...dine, dineInDetails: { spaceId: 'table-1', value: '', code: '0427' } }, coded)).toEqual([]);
    expect(codes({ ...dine, dineInDetails: { spaceId: 'table-1', value: '', code: ' 0427 ' } }, coded)).toEqual([]);
    for (const code of [undefined, '', '427', '04271', 'abcd'])
      expect(codes({ ...dine, dineInDetails: { spaceId: 'table-1', value: '', code } }, coded)).toEqual(['dineInDetails.code:tableCode']);
    // a typed-in table has no code: it would send an order past the codes
    expect(codes({ ...dine, dineInDetails: { spaceId: '', value: 'Table 1', code: '0427' } }, coded)).toEqual(['dineInDetails.spaceId:required']);
    expect(checkoutIssues({ ...dine, dineInDetails: { spaceId: 'table-1', value: '' } }, coded, { keyedIn: { channel: 'counter', paid: true } })).toEqual([]);
    // without tables to print them on, no code is asked
    expect(codes({ ...dine, dineInDetails: { spaceId: '', value: 'Seat 4' } }, { ...coded, dineSpaces: [] })).toEqual([]);
  });

  it('a digital order needs no address, slot or table, but still the personal details and a payment', () => {
    const digital = (input: CheckoutInput) => checkoutIssues(input, payingBoth(), { digital: true }).map((i) => `${i.path}:${i.code}`);
    const paidByUpi = { ...complete, paymentType: 'upi-manual' };
    expect(digital({ ...paidByUpi, shippingDetails: undefined, shippingSlotId: null })).toEqual([]);
    expect(digital({ ...paidByUpi, deliveryMode: 'dine', shippingDetails: undefined, dineInDetails: { spaceId: '', value: '' } })).toEqual([]);
    const empty = {
      ...complete,
      shippingDetails: undefined,
      shippingSlotId: null,
      personalDetails: { fullName: '', email: '', phone: { number: '', dialCode: '+91' } },
      paymentType: null,
    };
    expect(digital(empty)).toEqual([
      'personalDetails.fullName:required',
      'personalDetails.email:required',
      'personalDetails.phone:required',
      'paymentType:required',
    ]);
  });

  it('a digital order is not offered pay on delivery, and refused it; a parcel still is', () => {
    const both = payingBoth();
    expect(offeredPayments(both, { digital: true })).toEqual([upi]);
    expect(offeredPayments(both, { digital: false })).toEqual([pof, upi]);
    const digitalOrder = { ...complete, shippingDetails: undefined, shippingSlotId: null };
    expect(checkoutIssues({ ...digitalOrder, paymentType: 'pof' }, both, { digital: true }).map((i) => `${i.path}:${i.code}`)).toEqual([
      'paymentType:noDeliveryToPayAt',
    ]);
    expect(checkoutIssues({ ...digitalOrder, paymentType: 'upi-manual' }, both, { digital: true })).toEqual([]);
    expect(checkoutIssues({ ...complete, paymentType: 'pof' }, both)).toEqual([]);
  });

  it('orders need a payment the shop takes; an enquiry needs none', () => {
    expect(codes({ ...complete, paymentType: null })).toEqual(['paymentType:required']);
    expect(codes({ ...complete, paymentType: 'payu' })).toEqual(['paymentType:invalid']);
    expect(codes({ ...complete, paymentType: null }, shop({ orders: false, enquiries: true }))).toEqual([]);
    expect(codes({ ...complete, paymentType: null }, shop({ orders: false, enquiries: false }))).toEqual(['deliveryMode:noOrders']);
  });

  it('pay on delivery is paid at the counter at a table and at pickup, unless the owner names it for the mode', () => {
    const cashOnDelivery = { ...pof, providerName: 'Cash / UPI on delivery', buttonText: 'Pay on delivery' };
    expect(paymentLabels(cashOnDelivery, 'ship')).toEqual({ providerName: 'Cash / UPI on delivery', buttonText: 'Pay on delivery' });
    // null: the storefront's own "Pay at the counter" and "Place order"
    expect(paymentLabels(cashOnDelivery, 'dine')).toEqual({ providerName: null, buttonText: null });
    expect(paymentLabels(cashOnDelivery, 'pickup')).toEqual({ providerName: null, buttonText: null });
    expect(paymentLabels(upi, 'dine')).toEqual({ providerName: 'UPI', buttonText: 'Pay by UPI' });
    const named = {
      ...cashOnDelivery,
      modes: {
        dine: { providerName: 'Pay at the till', buttonText: 'Order to my table' },
        ship: { providerName: 'Cash on delivery' },
        pickup: { buttonText: 'Order for pickup' },
      },
    };
    expect(paymentLabels(named, 'dine')).toEqual({ providerName: 'Pay at the till', buttonText: 'Order to my table' });
    expect(paymentLabels(named, 'ship')).toEqual({ providerName: 'Cash on delivery', buttonText: 'Pay on delivery' });
    expect(paymentLabels(named, 'pickup')).toEqual({ providerName: null, buttonText: 'Order for pickup' });
  });

  it('offers delivery always, dine-in and pickup when switched on', () => {
    expect(offeredModes(shop())).toEqual(['ship', 'dine', 'pickup']);
    expect(offeredModes(shop({ dine: false, pickup: false }))).toEqual(['ship']);
  });
});
