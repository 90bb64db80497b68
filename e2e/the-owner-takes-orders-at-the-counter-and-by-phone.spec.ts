import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { fakeWhatsAppSent } from './fixtures/servers.ts';
import { addToCart } from './fixtures/checkout.ts';
import { OWNER_PHONE, ownerOnAPhone, tableCode } from './fixtures/owner.ts';
import { isDigital, type ApiProduct, type Catalog } from './fixtures/shop-data.ts';
import { expect, test as base } from './fixtures/test.ts';

/** How the owner's product search names a product. */
const nameOf = (p: ApiProduct) => (p.variantName ? `${p.title} (${p.variantName})` : p.title);

/** Products from the middle of the catalog, apart from the other journeys': one sold by weight, one by the piece, both with stock. */
function products(catalog: Catalog): { weighed: ApiProduct; counted: ApiProduct } {
  const sold = catalog.products.filter((p) => p.price.regular > 0 && p.stock >= 20);
  const weighed = sold.filter((p) => p.isFraction).at(-2);
  const counted = sold.filter((p) => !p.isFraction).at(-20);
  if (!weighed || !counted) throw new Error('the demo catalog has no products with stock to sell');
  return { weighed, counted };
}

/** On the new order page: a product found by its name and tapped in. */
async function addProduct(board: Page, product: ApiProduct): Promise<void> {
  await board.getByLabel('Find a product by name or code').fill(product.title);
  await board.getByRole('button', { name: `Add ${nameOf(product)}` }).click();
}

/** The money as the bottom bar writes it: '₹1,234.50'. */
const totalOf = async (board: Page) => (await board.getByRole('button', { name: /place order/ }).textContent())!.replace(/^.*place order /i, '');

const test = base.extend<{ board: Page }>({
  board: async ({ browser, baseURL }, use, testInfo) => {
    testInfo.slow(); // a second browser and a password login
    const board = await ownerOnAPhone(browser, baseURL);
    await use(board);
    await board.context().close();
  },
});

test.describe('The owner takes orders at the counter and by phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the owner story runs once, on the phone-sized project');

  test('a phone order for delivery, collected on delivery, and a counter sale paid by UPI QR: both on the board under the shop’s numbers, priced as the storefront prices them', async ({
    board,
    catalog,
    request,
  }) => {
    const { weighed, counted } = products(catalog);

    // a customer rings: two of one thing, delivered in a slot, paid at the door
    await board.getByRole('link', { name: 'New order', exact: true }).click();
    await expect(board.getByRole('heading', { name: 'New order' })).toBeVisible();
    await addProduct(board, counted);
    await board.getByRole('button', { name: `One ${nameOf(counted)} more` }).click();
    await expect(board.getByLabel(`How many ${nameOf(counted)}`)).toHaveValue('2');
    await board.getByRole('button', { name: 'By phone' }).click();
    await board.getByRole('button', { name: 'Delivery', exact: true }).click();
    // a number of this run's own, so what the local WhatsApp took for it is this order's
    const phone = `98${randomInt(10_000_000, 99_999_999)}`;
    await board.getByLabel('Phone number').fill(phone);
    await board.getByLabel('Name', { exact: true }).fill('Meera Joshi');
    await board.getByRole('checkbox', { name: 'The customer wants updates on WhatsApp' }).check();
    await board.getByLabel('Street and number').fill('7 Law College Road');
    await board.getByLabel('City').fill('Pune');
    await board.getByLabel('State').fill('Maharashtra');
    await board.getByLabel('PIN code').fill('411004');
    const slot = board.getByLabel('Delivery slot');
    await slot.selectOption({ index: 1 });
    await board.getByRole('button', { name: 'Collect later' }).click();
    const place = board.getByRole('button', { name: /^Place order ₹/ });
    await expect(place).toBeEnabled();
    await place.click();
    const phoned = (await board
      .getByRole('status')
      .filter({ hasText: /is placed/ })
      .textContent())!.match(/#\d+/)![0];
    // the customer hears of it on WhatsApp, as of an order placed online
    await expect(async () => {
      const sent = (await (await request.get(fakeWhatsAppSent)).json()) as Array<{ to: string; template: string; params: string[] }>;
      expect(sent.find((m) => m.to === `91${phone}` && m.template === 'order_placed')?.params.slice(0, 2)).toEqual([phoned, 'Kirana & Co.']);
    }).toPass();

    // a customer at the counter: 0.75 kg from the scale, paid by scanning the shop's QR
    await board.getByRole('button', { name: 'New order', exact: true }).click();
    await addProduct(board, weighed);
    const weight = board.getByLabel('kg');
    await expect(weight).toBeFocused();
    await weight.fill('0.755');
    await expect(board.getByText('Enter a weight in steps of 0.01 kg.')).toBeVisible();
    await weight.fill('0.75');
    await board.getByRole('button', { name: 'UPI QR' }).click();
    const qr = board.getByRole('img', { name: /^UPI / });
    await expect(qr).toBeVisible();
    const placePaid = board.getByRole('button', { name: /^Paid: place order ₹/ });
    await expect(placePaid).toBeEnabled();
    const total = await totalOf(board);
    await expect(board.getByText(`Scan and pay ${total}`)).toBeVisible();
    // what the storefront would charge for the same cart picked up
    const quote = await request.post('/fn/order/quote', {
      data: { sfId: 'demo', order: { items: [{ id: weighed.variantId, qty: 0.75 }], deliveryMode: 'pickup', paymentType: 'pof' } },
    });
    const storefront = ((await quote.json()) as { grandTotal: number }).grandTotal;
    expect(total).toBe(`₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(storefront)}`);
    await placePaid.click();
    const sold = (await board
      .getByRole('status')
      .filter({ hasText: /is placed/ })
      .textContent())!.match(/#\d+/)![0];
    expect(Number(sold.slice(1))).toBeGreaterThan(Number(phoned.slice(1)));

    // the sale is done: handed over, paid by UPI, in the order's history under the owner's name
    await board.getByRole('link', { name: 'Open the order' }).click();
    await expect(board.getByText('Picked up').first()).toBeVisible();
    await expect(board.getByText(/UPI · Paid/)).toBeVisible();

    // the phone order waits on the board with the online ones, saying where it came from
    await board.goto('/admin');
    const card = board.getByRole('article', { name: `Order ${phoned}` });
    await expect(card).toContainText('Phone');
    await expect(card).toContainText('Meera Joshi');
    await expect(card).toContainText('Delivery');

    // the board finds it by the last digits of the caller's number, and prints the list it shows
    await board.getByLabel('Find an order: number, name or phone').fill(phone.slice(-5));
    await expect(board.getByRole('article')).toHaveCount(1);
    await expect(card).toBeVisible();
    await board.getByLabel('From').selectOption('Counter');
    await expect(board.getByRole('article')).toHaveCount(0);
    await board.getByRole('button', { name: 'Show all' }).click();
    await board.getByLabel('From').selectOption('Phone');
    await expect(card).toBeVisible();
    await board.emulateMedia({ media: 'print' });
    const printed = board.getByRole('table', { name: 'Orders' });
    await expect(printed).toBeVisible();
    await expect(printed.getByRole('row', { name: new RegExp(`^${phoned} .*Meera Joshi.*Delivery.*Phone`) })).toBeVisible();
    await expect(card).toBeHidden();
    await board.emulateMedia({ media: 'screen' });

    // the tables: each table's code as its card prints it, a new one when the old got out, and the sheet to print again
    await board.getByRole('navigation', { name: 'Your shop' }).getByRole('button', { name: 'Tables' }).click();
    const table = board.getByRole('article', { name: 'Table 1' });
    await expect(table).toContainText(`Code ${tableCode('Table 1')}`);
    const fresh = tableCode('Table 1') === '4821' ? '4822' : '4821';
    await table.getByLabel('New code').fill(fresh);
    await table.getByRole('button', { name: 'Change code' }).click();
    await expect(table.getByRole('status')).toHaveText("Changed: print this table's card again, or tell the staff the new code.");
    await expect(table).toContainText(`Code ${fresh}`);
    expect(tableCode('Table 1')).toBe(fresh);
    const download = board.waitForEvent('download');
    await board.getByRole('button', { name: "Print the tables' QR codes" }).click();
    const sheet = await download;
    expect(sheet.suggestedFilename()).toBe('table-codes.svg');
    expect(readFileSync((await sheet.path())!, 'utf8')).toMatch(
      new RegExp(`>Table 1</text>\\n<text[^>]*>Scan to order · table code <tspan[^>]*>${fresh}</tspan>`),
    );
  });

  test('a table orders twice from its QR code, sees its running bill on the phone, and pays once at the end', async ({ board, browser, baseURL, catalog }) => {
    // the two pieces with the most stock: a unit less moves them out of no other journey's choice (those pick by stock ≥ 20)
    const dishes = catalog.products
      .filter((p) => p.price.regular > 0 && !p.isFraction && !isDigital(p))
      .sort((a, b) => b.stock - a.stock)
      .slice(0, 2);
    expect(dishes.every((p) => p.stock >= 40)).toBe(true);
    expect(dishes).toHaveLength(2);
    const code = tableCode('Patio');
    const diner = await (await browser.newContext({ baseURL, viewport: OWNER_PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'block' })).newPage();

    // each round: the patio's QR code, a dish, the table's code from its card, paid at the end
    const round = async (dish: ApiProduct): Promise<string> => {
      await diner.goto('/catalog?dineInSpaceId=patio');
      await expect.poll(() => diner.evaluate(() => Object.keys(sessionStorage).some((k) => k.endsWith('/dineIn')))).toBe(true);
      await addToCart(diner, dish);
      await diner.goto('/checkout');
      await expect(diner.getByLabel('Choose your table')).toHaveValue('patio');
      await diner.getByLabel('Full name').first().fill('Asha Rao');
      await diner.getByLabel("Table code (the 4 digits on your table's card)").fill(code);
      await diner.getByRole('radio', { name: 'Pay at the counter' }).check();
      await diner.getByRole('button', { name: 'Place order' }).click();
      const confirmation = diner.getByRole('dialog', { name: 'Order confirmation' });
      const number = (await confirmation.getByText(/^Order number: #\d+$/).textContent())!.replace('Order number: ', '');
      await confirmation.getByRole('button', { name: 'OK' }).click();
      return number;
    };
    const first = await round(dishes[0]!);
    const second = await round(dishes[1]!);

    // the diners' phone shows the table's bill: both rounds, theirs marked, one sum to pay at the end
    await diner.getByRole('link', { name: 'View your order' }).click();
    const bill = diner.getByRole('region', { name: 'Patio: the bill' });
    // (a retry finds the first try's rounds on the bill too)
    await expect(bill.getByRole('listitem').filter({ hasText: `Order ${first}` })).not.toContainText('yours');
    await expect(bill.getByRole('listitem').filter({ hasText: `Order ${second}` })).toContainText(`Order ${second} · yours`);
    await expect(bill.getByRole('status')).toHaveText(/^To pay at the end: ₹[\d,]+\.\d\d, to the staff or at the counter\.$/);
    const due = /₹[\d,]+\.\d\d/.exec((await bill.getByRole('status').textContent())!)![0];

    // the staff see the patio's bill on Tables, each round a kitchen ticket of its own, and take its rounds
    await board.goto('/admin?section=tables');
    const patio = board.getByRole('region', { name: "Patio's bill" });
    await expect(patio).toContainText(`Total ${due}`);
    const waiting = await patio.getByRole('listitem').filter({ hasText: 'Placed' }).getByRole('link').allTextContents();
    expect(waiting).toEqual(expect.arrayContaining([first, second]));
    for (const number of waiting) {
      await patio.getByRole('link', { name: number }).click();
      const order = board.getByRole('article', { name: `Order ${number}` });
      await expect(order).toContainText("A round of its table's open bill");
      await order.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(order.locator('header')).toContainText('Confirmed');
      await board.goto('/admin?section=tables');
    }
    // paid once, in cash, with the change worked out
    await patio.getByRole('button', { name: 'Cash' }).click();
    await patio.getByLabel('Cash given').fill('100000');
    await expect(patio.getByRole('status')).toContainText('Change to give');
    await patio.getByRole('button', { name: `Settle the bill: ${due}` }).click();
    await expect(board.getByRole('article', { name: 'Patio' })).toContainText('No open bill.');

    // the diners' page says the bill is paid; each round is served and paid
    await diner.reload();
    await expect(diner.getByRole('region', { name: 'Patio: the bill' }).getByRole('status')).toHaveText('The bill is paid. Thank you!');
    await expect(diner.getByText('Status: Served')).toBeVisible();
    await diner.context().close();
  });
});
