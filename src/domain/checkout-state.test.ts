import { describe, expect, it } from 'vitest';
import { ashaAddress } from './testing/addresses.ts';
import { checkoutReducer, dineInFromUrl, initialCheckout, splitPhone, type CheckoutAction, type CheckoutState } from './checkout-state.ts';

const run = (actions: CheckoutAction[], from: CheckoutState = initialCheckout()) => actions.reduce(checkoutReducer, from);

describe('checkoutReducer', () => {
  it('start resets personal and shipping details, slot, order id and payment type, and keeps the mode', () => {
    const filled = run([
      { type: 'chooseMode', mode: 'pickup' },
      { type: 'setPersonal', details: { fullName: 'Asha', phone: { number: '98000' } } },
      { type: 'setShipping', details: { city: 'Pune' } },
      { type: 'chooseSlot', slotId: 'morning' },
      { type: 'choosePayment', paymentType: 'pof' },
      { type: 'placed', orderId: 'o1' },
    ]);
    const started = checkoutReducer(filled, { type: 'start', dialCode: '+91', country: 'India' });
    expect(started.personalDetails).toEqual({ fullName: '', email: '', phone: { number: '', dialCode: '+91' } });
    expect(started.shippingDetails.city).toBe('');
    expect(started.shippingDetails.country).toBe('India');
    expect(started).toMatchObject({ shippingSlotId: null, orderId: null, orderPaymentType: null, deliveryMode: 'pickup' });
  });

  it('choosing a mode clears the dine-in details; setting a space or a value forces dine', () => {
    const atTable = run([{ type: 'setDineIn', spaceId: 'table-2' }]);
    expect(atTable).toMatchObject({ deliveryMode: 'dine', dineInDetails: { spaceId: 'table-2', value: '' } });
    expect(checkoutReducer(atTable, { type: 'setDineIn', value: 'seat 3' }).dineInDetails).toEqual({ spaceId: 'table-2', value: 'seat 3', code: '' });
    expect(checkoutReducer(atTable, { type: 'chooseMode', mode: 'ship' })).toMatchObject({ deliveryMode: 'ship', dineInDetails: { spaceId: '', value: '' } });
    expect(checkoutReducer(atTable, { type: 'chooseMode', mode: 'dine' }).dineInDetails).toEqual({ spaceId: '', value: '', code: '' });
  });

  it("keeps the table's code typed while the table stays, and drops it for another table: its code is that table's", () => {
    const coded = run([
      { type: 'setDineIn', spaceId: 'table-2' },
      { type: 'setDineIn', code: '0427' },
    ]);
    expect(checkoutReducer(coded, { type: 'setDineIn', value: 'seat 3' }).dineInDetails).toEqual({ spaceId: 'table-2', value: 'seat 3', code: '0427' });
    expect(checkoutReducer(coded, { type: 'setDineIn', spaceId: 'table-2' }).dineInDetails.code).toBe('0427');
    expect(checkoutReducer(coded, { type: 'setDineIn', spaceId: 'patio' }).dineInDetails).toEqual({ spaceId: 'patio', value: '', code: '' });
  });

  it('a delivery slot belongs to delivery: leaving ship mode drops it', () => {
    const slotted = run([{ type: 'chooseSlot', slotId: 'evening' }]);
    expect(checkoutReducer(slotted, { type: 'chooseMode', mode: 'ship' }).shippingSlotId).toBe('evening');
    expect(checkoutReducer(slotted, { type: 'chooseMode', mode: 'pickup' }).shippingSlotId).toBeNull();
  });

  it('the phone keeps its dial code when only the number changes', () => {
    const s = run([{ type: 'setPersonal', details: { phone: { number: '9800000001' } } }]);
    expect(s.personalDetails.phone).toEqual({ number: '9800000001', dialCode: '+91' });
  });

  it('a saved address fills the delivery address; editing it changes that address, choosing a new one lets it go', () => {
    const saved = { ...ashaAddress };
    const picked = run([{ type: 'useSavedAddress', id: 'a1', address: saved }]);
    expect(picked).toMatchObject({ useSavedAddress: true, selectedAddressId: 'a1', shippingDetails: saved, savedAddressEdited: false });
    // the same address with a new city: still a1, to be updated, not a second address
    const edited = checkoutReducer(picked, { type: 'setShipping', details: { city: 'Mysuru' } });
    expect(edited).toMatchObject({ selectedAddressId: 'a1', savedAddressEdited: true, shippingDetails: { ...saved, city: 'Mysuru' } });
    expect(checkoutReducer(edited, { type: 'useSavedAddress', id: 'a2', address: saved })).toMatchObject({
      selectedAddressId: 'a2',
      savedAddressEdited: false,
    });
    expect(checkoutReducer(edited, { type: 'useNewAddress', country: 'India' })).toMatchObject({
      useSavedAddress: false,
      selectedAddressId: null,
      savedAddressEdited: false,
      shippingDetails: { streetName: '', country: 'India' },
    });
    // typing a new address is a new address
    expect(
      run([
        { type: 'useNewAddress', country: 'India' },
        { type: 'setShipping', details: { city: 'Pune' } },
      ]),
    ).toMatchObject({ selectedAddressId: null, savedAddressEdited: false });
  });

  it("a logged-in shopper's name, e-mail and phone fill the empty contact fields once per checkout, and stay editable", () => {
    const account = { type: 'prefillContact', userId: 'u1', name: 'Asha Rao', email: 'asha@example.com', phone: '+919800000001' } as const;
    const filled = run([{ type: 'start', dialCode: '+91', country: '' }, account]);
    expect(filled.personalDetails).toEqual({ fullName: 'Asha Rao', email: 'asha@example.com', phone: { dialCode: '+91', number: '9800000001' } });
    // cleared by the shopper: not filled again while this checkout lasts
    const cleared = run([{ type: 'setPersonal', details: { fullName: '', email: '' } }, account], filled);
    expect(cleared.personalDetails).toMatchObject({ fullName: '', email: '' });
    // what was typed before the account answered stays
    const typed = run([{ type: 'start', dialCode: '+91', country: '' }, { type: 'setPersonal', details: { fullName: 'A. Rao' } }, account]);
    expect(typed.personalDetails).toMatchObject({ fullName: 'A. Rao', email: 'asha@example.com' });
    // a new checkout fills again; an account without e-mail or phone leaves them empty
    const again = run(
      [
        { type: 'start', dialCode: '+91', country: '' },
        { ...account, email: null, phone: null },
      ],
      cleared,
    );
    expect(again.personalDetails).toEqual({ fullName: 'Asha Rao', email: '', phone: { dialCode: '+91', number: '' } });
  });

  it("ticks 'Send me updates on WhatsApp' for an account that asked for them last time; never unticks a guest's tick", () => {
    const account = { type: 'prefillContact', userId: 'u1', name: 'Asha Rao', email: null, phone: '+919800000001' } as const;
    expect(
      run([
        { type: 'start', dialCode: '+91', country: '' },
        { ...account, whatsappUpdates: true },
      ]).whatsappUpdates,
    ).toBe(true);
    expect(
      run([
        { type: 'start', dialCode: '+91', country: '' },
        { ...account, whatsappUpdates: false },
      ]).whatsappUpdates,
    ).toBe(false);
    expect(
      run([
        { type: 'start', dialCode: '+91', country: '' },
        { type: 'setWhatsappUpdates', on: true },
        { ...account, whatsappUpdates: false },
      ]).whatsappUpdates,
    ).toBe(true);
  });

  it('an account phone goes into the two phone boxes by its dial code', () => {
    expect(splitPhone('+919800000001', '+91')).toEqual({ dialCode: '+91', number: '9800000001' });
    expect(splitPhone('+447700900123', '+91')).toEqual({ dialCode: '+44', number: '7700900123' });
    expect(splitPhone('+9779841000000', '')).toEqual({ dialCode: '+977', number: '9841000000' });
    expect(splitPhone('+8613800000000', '+91')).toEqual({ dialCode: '+91', number: '+8613800000000' });
  });

  it('completing shows the thank-you page', () => {
    expect(run([{ type: 'placed', orderId: 'o1' }, { type: 'completed' }])).toMatchObject({ orderId: 'o1', isOrderCompleted: true, isThankYouPage: true });
  });
});

describe('dineInFromUrl', () => {
  const shop = { dineInEnabled: true, dineSpaces: [{ id: 'table-1' }, { id: 'patio' }] };
  const params = (q: string) => new URLSearchParams(q);

  it('takes a known space and a value from the table link', () => {
    expect(dineInFromUrl(params('dineInSpaceId=patio&dineInValue=4'), shop)).toEqual({ spaceId: 'patio', value: '4' });
    expect(dineInFromUrl(params('dineInValue=Seat%2012'), shop)).toEqual({ value: 'Seat 12' });
  });

  it('ignores a space the shop does not have, and everything when dine-in is off', () => {
    expect(dineInFromUrl(params('dineInSpaceId=kitchen'), shop)).toBeNull();
    expect(dineInFromUrl(params('dineInSpaceId=kitchen&dineInValue=2'), shop)).toEqual({ value: '2' });
    expect(dineInFromUrl(params('dineInSpaceId=patio'), { ...shop, dineInEnabled: false })).toBeNull();
    expect(dineInFromUrl(params(''), shop)).toBeNull();
  });
});
