import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { userEvent, type Locator } from 'vitest/browser';
import { applyCartAction, type CartItem, type CartRules } from '../../../../domain/cart-rules.ts';
import { renderInShop } from '../../../testing/in-the-shop.tsx';
import { QuantitySelector } from './quantity-selector.tsx';

/**
 * The §5 quantity selector as a shopper meets it in the cart: what it asks goes through the
 * cart's setQty (as the sidebar's `act` does), and the cart's notice is said beside it.
 * The expectations are worked out from the spec by hand: two decimals and Kg for a weight,
 * the owner's step (250 g unless set), nothing below the minimum 0 (which removes the line),
 * nothing above the stock ('Stock not available'), whole pieces otherwise.
 */

const shopRules: CartRules = { allowOrderOnNoStock: false, allowZeroPriceProducts: false, fractionDigits: 2 };

/** Tomatoes sold by weight, 2.5 kg in stock. */
const tomatoes = (qty: number, changes: Partial<CartItem> = {}): CartItem => ({
  id: 'tomato',
  itemId: 'tomato',
  variantId: 'tomato',
  variantName: '',
  title: 'Tomatoes',
  price: { mrp: null, regular: 40, special: null },
  images: [],
  stock: 2.5,
  isFraction: true,
  sku: 'tomato',
  type_id: 'simple',
  errors: {},
  categoryId: 'vegetables',
  qty,
  ...changes,
});

/** A shirt sold by the piece, 3 in stock. */
const shirts = (qty: number): CartItem => ({
  ...tomatoes(qty),
  id: 'shirt',
  itemId: 'shirt',
  variantId: 'shirt',
  sku: 'shirt',
  title: 'Shirt',
  isFraction: false,
  stock: 3,
});

function CartLine({ start, rules }: { start: CartItem; rules: CartRules }) {
  const [items, setItems] = useState([start]);
  const [said, setSaid] = useState('');
  const line = items[0];
  const setQty = (qty: number) => {
    const result = applyCartAction(items, { type: 'setQty', productId: start.id, qty }, rules);
    setItems(result.items);
    setSaid(result.notice?.message ?? '');
  };
  return (
    <>
      {line ? <QuantitySelector item={line} rules={rules} onChange={setQty} /> : null}
      <p role="status">{said}</p>
    </>
  );
}

const showLine = (start: CartItem, rules = shopRules) => renderInShop(<CartLine start={start} rules={rules} />);

type Screen = Awaited<ReturnType<typeof showLine>>;
const weightOf = (screen: Screen) => screen.getByRole('textbox', { name: 'Weight of Tomatoes in Kg' });
/** What the cart said last. */
const cartSays = (screen: Screen) => screen.getByRole('status');

/** Types into the field and presses Enter, as a shopper sets a quantity. */
async function enter(field: Locator, text: string) {
  await field.fill(text);
  await userEvent.keyboard('{Enter}');
}

describe('the quantity selector of a product sold by weight', () => {
  test('shoppers see the weight with two decimals, in Kg', async () => {
    const screen = await showLine(tomatoes(1.1));
    await expect.element(weightOf(screen)).toHaveValue('1.10');
    await expect.element(screen.getByText('Kg', { exact: true })).toBeVisible();
  });

  test('shoppers step the weight by 250 g when the owner set no step', async () => {
    const screen = await showLine(tomatoes(1.1));
    const weight = weightOf(screen);
    await screen.getByRole('button', { name: '0.25 kg more Tomatoes' }).click();
    await expect.element(weight).toHaveValue('1.35');
    await expect.element(cartSays(screen)).toHaveTextContent('Product quantity has been updated!');
    await screen.getByRole('button', { name: '0.25 kg less Tomatoes' }).click();
    await screen.getByRole('button', { name: '0.25 kg less Tomatoes' }).click();
    await expect.element(weight).toHaveValue('0.85');
  });

  test("shoppers step the weight by the owner's own step", async () => {
    const screen = await showLine(tomatoes(1.1, { weightStep: 0.1 }));
    const weight = weightOf(screen);
    await screen.getByRole('button', { name: '0.1 kg more Tomatoes' }).click();
    await screen.getByRole('button', { name: '0.1 kg more Tomatoes' }).click();
    await expect.element(weight).toHaveValue('1.30');
  });

  test('a typed weight is kept to two decimals, with a comma read as the decimal mark', async () => {
    const screen = await showLine(tomatoes(0.5));
    const weight = weightOf(screen);
    await enter(weight, '1.1');
    await expect.element(weight).toHaveValue('1.10');
    await weight.fill('1,5');
    // leaving the field takes the weight too
    await userEvent.tab();
    await expect.element(weight).toHaveValue('1.50');
    await enter(weight, '1.234');
    await expect.element(weight).toHaveValue('1.23');
  });

  test('the weight cannot go above the stock: it stops at the stock and says so', async () => {
    const screen = await showLine(tomatoes(2.4));
    const weight = weightOf(screen);
    const more = screen.getByRole('button', { name: '0.25 kg more Tomatoes' });
    await more.click();
    await expect.element(weight).toHaveValue('2.50');
    await expect.element(cartSays(screen)).toHaveTextContent('Stock not available');
    await expect.element(more).toBeDisabled();
  });

  test('a typed weight above the stock becomes the stock, with the warning', async () => {
    const screen = await showLine(tomatoes(1));
    const weight = weightOf(screen);
    await enter(weight, '9');
    await expect.element(weight).toHaveValue('2.50');
    await expect.element(cartSays(screen)).toHaveTextContent('Stock not available');
  });

  test('stepping below the minimum removes the line instead of a negative weight', async () => {
    const screen = await showLine(tomatoes(0.2));
    await screen.getByRole('button', { name: '0.25 kg less Tomatoes' }).click();
    await expect.element(cartSays(screen)).toHaveTextContent('item removed from cart');
    await expect.element(weightOf(screen)).not.toBeInTheDocument();
  });

  test('letters are no weight: the line goes to the minimum, which removes it', async () => {
    const screen = await showLine(tomatoes(1));
    await enter(weightOf(screen), 'abc');
    await expect.element(cartSays(screen)).toHaveTextContent('item removed from cart');
  });

  test('a shop that orders without stock lets the weight pass the stock, as a pre-reservation', async () => {
    const screen = await showLine(tomatoes(2.5), { ...shopRules, allowOrderOnNoStock: true });
    await screen.getByRole('button', { name: '0.25 kg more Tomatoes' }).click();
    await expect.element(weightOf(screen)).toHaveValue('2.75');
    await expect.element(cartSays(screen)).toHaveTextContent('Added to cart for pre-reservation.');
  });
});

describe('the quantity selector of a product sold by the piece', () => {
  test('shoppers count whole pieces, one at a time, up to the stock', async () => {
    const screen = await showLine(shirts(2));
    const quantity = screen.getByRole('textbox', { name: 'Quantity of Shirt' });
    await expect.element(quantity).toHaveValue('2');
    await expect.element(screen.getByText('Kg', { exact: true })).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'One more Shirt' });
    await more.click();
    await expect.element(quantity).toHaveValue('3');
    await expect.element(more).toBeDisabled();
  });

  test('a typed part of a piece is rounded down, never up', async () => {
    const screen = await showLine(shirts(1));
    const quantity = screen.getByRole('textbox', { name: 'Quantity of Shirt' });
    await enter(quantity, '2.7');
    await expect.element(quantity).toHaveValue('2');
  });
});
