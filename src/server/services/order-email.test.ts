import { describe, expect, it } from 'vitest';
import { minor } from '../../domain/money.ts';
import type { Order } from '../../domain/order-view.ts';
import { guestOrderLink } from '../../domain/order-details.ts';
import { escapeHtml, orderEmail, type OrderEmailInput } from './order-email.ts';

const shop: OrderEmailInput['shop'] = {
  title: 'Test Shop',
  localeConfig: { defaultLocale: 'en-IN', currencySign: '₹', currencyCode: 'INR', fractionDigits: 2, priceFormat: '{sign}{amount}' },
};
const token = 'AbCdEfGhIjKlMnOpQrStUv-_';

/** An order as the repository gives it: minor units, the grand total line last. */
const order = (over: Partial<Order> = {}): Order => ({
  id: '01JD5Q3W7X8Y9Z0ABCDEFGHJKM',
  number: 1042,
  kind: 'order',
  channel: 'online',
  status: 'placed',
  paymentType: 'pof',
  paymentStatus: 'to_collect',
  deliveryMode: 'ship',
  currencyCode: 'INR',
  lines: [
    {
      productId: 'tee-red-m',
      title: 'Cotton Tee',
      variantName: 'Red / M',
      qty: 2,
      isFraction: false,
      unitPrice: minor(49_950),
      total: minor(99_900),
      discount: minor(9_990),
      tax: minor(4_496),
      taxPercent: 5,
      hsn: null,
    },
    {
      productId: 'mango',
      title: 'Alphonso Mango',
      variantName: '',
      qty: 1.25,
      isFraction: true,
      unitPrice: minor(32_000),
      total: minor(40_000),
      discount: minor(4_000),
      tax: minor(1_800),
      taxPercent: 5,
      hsn: null,
    },
  ],
  totals: [
    { code: 'subtotal', title: 'Subtotal', value: minor(139_900), isPercentage: false, percentAmount: null },
    { code: 'discount', title: 'Discount', value: minor(-13_990), isPercentage: true, percentAmount: 10 },
    { code: 'tax', title: 'Tax', value: minor(6_296), isPercentage: true, percentAmount: 5 },
    { code: 'grand_total', title: 'Grand Total', value: minor(132_206), isPercentage: false, percentAmount: null },
  ],
  grandTotal: minor(132_206),
  taxMode: 'exclusive',
  details: {
    personalDetails: { fullName: 'Asha Rao', email: ' asha@example.com ', phone: { number: '', dialCode: '' } },
    shippingDetails: undefined,
    dineInDetails: undefined,
    shippingSlotId: null,
  },
  couponCode: null,
  createdAt: 0,
  upiAmount: null,
  paymentClaimedAt: null,
  refund: null,
  cancelRequested: false,
  ...over,
});

const build = (o: Order = order(), s: OrderEmailInput['shop'] = shop) =>
  orderEmail({ order: o, notificationToken: token, shop: s, origin: 'https://shop.example' });

describe('the order e-mail', () => {
  it('goes to the address given at checkout, with the short id and the shop in the subject', () => {
    const mail = build()!;
    expect(mail.to).toBe('asha@example.com');
    expect(mail.subject).toBe('Your order #1042 at Test Shop');
    expect(build(order({ kind: 'enquiry' }))!.subject).toBe('Your enquiry #1042 at Test Shop');
  });

  it('is not built for an order without an address', () => {
    const noEmail = order({ details: { ...order().details, personalDetails: { fullName: 'Asha', email: '  ', phone: { number: '', dialCode: '' } } } });
    expect(build(noEmail)).toBeNull();
  });

  it('lists the lines, the totals lines and the grand total as the shop formats money', () => {
    const { text } = build()!;
    expect(text).toContain('Order #1042');
    expect(text).toContain('2 × Cotton Tee (Red / M): ₹999.00');
    expect(text).toContain('1.25 kg Alphonso Mango: ₹400.00');
    expect(text).toContain('Subtotal: ₹1,399.00');
    expect(text).toContain('Discount (10%): -₹139.90');
    expect(text).toContain('Tax (5%): ₹62.96');
    expect(text).toContain('Grand Total: ₹1,322.06');
    // the grand total once, not also as a totals line
    expect(text.match(/Grand Total/g)).toHaveLength(1);
    // another shop's format: sign after, a decimal comma
    const euros = {
      title: 'Laden',
      localeConfig: { defaultLocale: 'de-DE', currencySign: '€', currencyCode: 'EUR', fractionDigits: 2, priceFormat: '{amount} {sign}' },
    };
    expect(build(order(), euros)!.text).toContain('Grand Total: 1.322,06 €');
  });

  it('names the delivery slot the order took, in the shop time zone', () => {
    const slot = { label: 'Morning (8 am – 11 am)', start: '2026-11-22T08:00:00.000+05:30', end: '2026-11-22T11:00:00.000+05:30', timeZone: 'Asia/Kolkata' };
    const mail = build(order({ details: { ...order().details, shippingSlotId: '2026-11-22/morning', shippingSlot: slot } }))!;
    expect(mail.text).toContain('\nDelivery: Sunday, 22 November, Morning (8 am – 11 am)\n');
    expect(mail.html).toContain('<p>Delivery: Sunday, 22 November, Morning (8 am – 11 am)</p>');
    expect(build()!.text).not.toContain('Delivery:');
  });

  it('links to the guest view with the id and token in the fragment only', () => {
    const { text, html } = build()!;
    const link = `https://shop.example/guest/view-order#orderId=01JD5Q3W7X8Y9Z0ABCDEFGHJKM&token=${token}`;
    expect(guestOrderLink('https://shop.example', '01JD5Q3W7X8Y9Z0ABCDEFGHJKM', token)).toBe(link);
    expect(text).toContain(link);
    expect(html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(`${text}${html}`).not.toMatch(/\?(orderId|token)=/);
  });

  it('escapes the HTML and leaves the plain text as it is', () => {
    const sneaky = order({
      lines: [
        {
          productId: 'x',
          title: '<img src=x onerror=alert(1)> & "Tee"',
          variantName: "Kid's",
          qty: 1,
          isFraction: false,
          unitPrice: minor(500),
          total: minor(500),
          discount: minor(0),
          tax: minor(0),
          taxPercent: 0,
          hsn: null,
        },
      ],
    });
    const mail = build(sneaky, { ...shop, title: 'Tom & Jerry <Shop>' })!;
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Tee&quot; (Kid&#39;s)');
    expect(mail.html).toContain('Tom &amp; Jerry &lt;Shop&gt;');
    expect(mail.text).toContain('1 × <img src=x onerror=alert(1)> & "Tee" (Kid\'s): ₹5.00');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('keeps what the shopper typed out of it, and the subject on one line', () => {
    const mail = build(order(), { ...shop, title: 'Test\r\nBcc: someone@example.org Shop' })!;
    expect(mail.subject).toBe('Your order #1042 at Test Bcc: someone@example.org Shop');
    expect(`${mail.text}${mail.html}`).not.toContain('Asha Rao');
  });
});
