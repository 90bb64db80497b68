import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { CartItem } from '../../../../domain/cart-rules.ts';
import { initialCheckout } from '../../../../domain/checkout-state.ts';
import { renderInShop, testShop } from '../../../testing/in-the-shop.tsx';
import { useCheckout } from '../store/checkout-store.ts';
import { CheckoutForm } from './checkout-form.tsx';

/**
 * The checkout's sections (checkout-sections.tsx) as the form shows them for each way of
 * getting the order. Worked out by hand from the spec and decision 050: delivery asks the
 * address and every personal detail the shop asks (§3 detailsConfig.personal, all by
 * default); pickup no address, the name and phone; dine-in a table, the name alone, and pay
 * on delivery is "Pay at the counter" at a table or at pickup. §4: choosing a mode clears the
 * dine-in details.
 */

const shirt: CartItem = {
  id: 'shirt',
  itemId: 'shirt',
  variantId: 'shirt',
  variantName: 'M',
  title: 'Shirt',
  price: { mrp: null, regular: 499, special: null },
  images: [],
  stock: 3,
  isFraction: false,
  sku: 'shirt',
  type_id: 'simple',
  errors: {},
  categoryId: 'clothes',
  qty: 1,
};

/** A café that delivers, serves at two tables and hands orders over the counter. */
const cafe = testShop({
  orderConfig: { orderEnabled: true, pickupEnabled: true },
  dineInConfig: { dineInEnabled: true },
  dineSpaces: [
    { id: 't1', name: 'Table 1' },
    { id: 'w', name: 'Window seat' },
  ],
  payment: {
    providers: [
      { id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' },
      { id: 'payu', providerName: 'Cards and UPI (PayU)', buttonText: 'Pay now' },
    ],
  },
});

const showCheckout = (shop = cafe) => renderInShop(<CheckoutForm items={[shirt]} onPlaced={() => undefined} onCartChange={() => undefined} />, shop);

beforeEach(() => {
  useCheckout.setState(initialCheckout());
  // the shop's calls (the quote) stay unanswered: these tests are about the form, not the server
  const realFetch = window.fetch;
  vi.spyOn(window, 'fetch').mockImplementation((input, init) =>
    /^\/(api|fn)\//.test(String(input)) ? new Promise<Response>(() => undefined) : realFetch(input, init),
  );
});
afterEach(() => vi.restoreAllMocks());

type Screen = Awaited<ReturnType<typeof showCheckout>>;
const details = (screen: Screen) => screen.getByRole('region', { name: 'Your details' });
const field = (screen: Screen, name: string) => details(screen).getByRole('textbox', { name, exact: true });
// exact: 'Delivery' is part of 'Pay on delivery' too
const mode = (screen: Screen, name: 'Delivery' | 'Dine-in' | 'Pickup') => screen.getByRole('radio', { name, exact: true });

describe('the checkout sections', () => {
  test('delivery asks for the address and every personal detail', async () => {
    const screen = await showCheckout();
    await expect.element(mode(screen, 'Delivery')).toBeChecked();
    for (const name of ['Full name', 'E-mail', 'Phone number']) await expect.element(field(screen, name)).toBeVisible();
    const address = screen.getByRole('region', { name: 'Delivery address' });
    for (const name of ['Street and number', 'City', 'State', 'PIN / zip code', 'Country'])
      await expect.element(address.getByRole('textbox', { name })).toBeVisible();
    await expect.element(screen.getByRole('region', { name: 'Table' })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('radio', { name: 'Pay on delivery' })).toBeVisible();
  });

  test('pickup asks for no address, and for the e-mail only if the shopper likes', async () => {
    const screen = await showCheckout();
    await mode(screen, 'Pickup').click();
    await expect.element(mode(screen, 'Pickup')).toBeChecked();
    await expect.element(mode(screen, 'Delivery')).not.toBeChecked();
    await expect.element(screen.getByRole('region', { name: 'Delivery address' })).not.toBeInTheDocument();
    await expect.element(field(screen, 'E-mail (optional)')).toBeVisible();
    await expect.element(field(screen, 'Full name')).toBeVisible();
    await expect.element(field(screen, 'Phone number')).toBeVisible();
    await expect.element(screen.getByRole('radio', { name: 'Pay at the counter' })).toBeVisible();
    await expect.element(screen.getByRole('radio', { name: 'Pay on delivery' })).not.toBeInTheDocument();
  });

  test("dine-in asks for one of the shop's tables and the name alone", async () => {
    const screen = await showCheckout();
    await mode(screen, 'Dine-in').click();
    const table = screen.getByRole('combobox', { name: 'Choose your table' });
    await expect.element(table).toBeVisible();
    expect([...(table.element() as HTMLSelectElement).options].map((o) => o.text)).toEqual(['—', 'Table 1', 'Window seat']);
    await expect.element(field(screen, 'E-mail (optional)')).toBeVisible();
    await expect.element(field(screen, 'Phone number (optional)')).toBeVisible();
    await expect.element(field(screen, 'Full name')).toBeVisible();
    await expect.element(screen.getByRole('region', { name: 'Delivery address' })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('radio', { name: 'Pay at the counter' })).toBeVisible();
  });

  test('a table chosen is forgotten when the shopper picks another way and comes back', async () => {
    const screen = await showCheckout();
    await mode(screen, 'Dine-in').click();
    const table = screen.getByRole('combobox', { name: 'Choose your table' });
    await table.selectOptions('Window seat');
    await expect.element(table).toHaveValue('w');
    await mode(screen, 'Delivery').click();
    await mode(screen, 'Dine-in').click();
    await expect.element(table).toHaveValue('');
  });

  test('placing an order for delivery with nothing filled in marks what delivery needs', async () => {
    const screen = await showCheckout();
    await screen.getByRole('button', { name: 'Place order' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    // the first field to fix gets the focus
    await expect.element(field(screen, 'Full name')).toHaveFocus();
    for (const name of ['Full name', 'E-mail', 'Phone number']) await expect.element(field(screen, name)).toHaveAttribute('aria-invalid', 'true');
    const address = screen.getByRole('region', { name: 'Delivery address' });
    await expect.element(address.getByRole('textbox', { name: 'City' })).toHaveAttribute('aria-invalid', 'true');
    await expect.element(address.getByRole('textbox', { name: 'Apartment, floor (optional)' })).not.toHaveAttribute('aria-invalid');
    await expect.element(screen.getByRole('region', { name: 'Payment' }).getByText('This field is required.')).toBeVisible();
  });

  test('placing an order at a table without one marks the table, and no address or e-mail', async () => {
    const screen = await showCheckout();
    await mode(screen, 'Dine-in').click();
    await field(screen, 'Full name').fill('Asha Rao');
    await screen.getByRole('radio', { name: 'Pay at the counter' }).click();
    await screen.getByRole('button', { name: 'Place order' }).click();
    await expect.element(screen.getByRole('combobox', { name: 'Choose your table' })).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field(screen, 'E-mail (optional)')).not.toHaveAttribute('aria-invalid');
    await expect.element(screen.getByRole('region', { name: 'Table' }).getByText('This field is required.')).toBeVisible();
  });

  test('a shop that only delivers asks nothing about how to get the order', async () => {
    const screen = await showCheckout(testShop({ payment: cafe.payment }));
    await expect.element(field(screen, 'Full name')).toBeVisible();
    await expect.element(screen.getByRole('radiogroup', { name: 'How would you like to get your order?' })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('region', { name: 'Delivery address' })).toBeVisible();
  });

  test("a shop's own choice of details decides what is optional", async () => {
    const screen = await showCheckout(
      testShop({ payment: cafe.payment, orderConfig: { detailsConfig: { personal: { email: false, phone: true, fullName: true } } } }),
    );
    await expect.element(field(screen, 'E-mail (optional)')).toBeVisible();
    await expect.element(field(screen, 'Phone number')).toBeVisible();
  });
});
