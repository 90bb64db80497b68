import { describe, expect, test } from 'vitest';
import type { Minor } from '../../../../domain/money.ts';
import type { OwnerOrderSummary } from '../../../../domain/order-view.ts';
import { renderInShop } from '../../../testing/in-the-shop.tsx';
import { ContactLine } from './order-facts.tsx';

/** An order ready for pickup, paid, from a shopper who gave a phone and, or not, a name. */
const order = (fullName: string) =>
  ({
    id: 'o1',
    number: 1042,
    kind: 'order',
    status: 'ready',
    paymentStatus: 'paid',
    grandTotal: 52000 as Minor,
    upiAmount: null,
    details: { personalDetails: { fullName, email: '', phone: { number: '98450 67890', dialCode: '+91' } }, shippingSlotId: null },
  }) as unknown as OwnerOrderSummary<Minor>;

const textOf = (href: string | null) => new URL(href!).searchParams.get('text');

describe("the owner's message to the customer", () => {
  test('greets the customer by name, or without one when none was given', async () => {
    const named = await renderInShop(<ContactLine order={order('Asha Rao')} />);
    const link = named.getByRole('link', { name: 'Message the customer on WhatsApp' });
    expect(textOf(link.element().getAttribute('href'))).toBe('Hello Asha Rao, Test Shop here. Your order #1042 is ready.');
    named.unmount();
    const nameless = await renderInShop(<ContactLine order={order('  ')} />);
    const plain = nameless.getByRole('link', { name: 'Message the customer on WhatsApp' });
    expect(textOf(plain.element().getAttribute('href'))).toBe('Hello, Test Shop here. Your order #1042 is ready.');
  });
});
