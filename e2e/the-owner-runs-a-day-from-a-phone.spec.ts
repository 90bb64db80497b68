import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { addToCart, addWeighed, ASHA, chooseDeliveryTime, fillAddress, fillShopper, requestCancellation } from './fixtures/checkout.ts';
import { createOwner, OWNER_PHONE, ownerLogsIn, ownerOnAPhone, tableCode } from './fixtures/owner.ts';
import { fakePushControl } from './fixtures/servers.ts';
import { pdfPages } from './fixtures/pdf.ts';
import type { ApiProduct, Catalog } from './fixtures/shop-data.ts';
import { expect, test as base } from './fixtures/test.ts';

/**
 * Records what the owner's page does to get attention, through the browser's real APIs:
 * each tone the chime starts and each notification the page shows.
 */
function recordAlerts() {
  const alerts = { tones: 0, notifications: [] as Array<{ title: string; body: string | undefined }> };
  Object.assign(window, { __alerts: alerts });
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      alerts.notifications.push({ title, body: options?.body });
    }
  }
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  Object.defineProperty(Recorded, 'requestPermission', { value: Real.requestPermission.bind(Real) });
  window.Notification = Recorded as typeof Notification;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
    alerts.tones += 1;
    return start.apply(this, args);
  };
}

type Alerts = { tones: number; notifications: Array<{ title: string; body: string | undefined }> };
const alertsOf = (page: Page) => page.evaluate(() => (window as unknown as { __alerts: Alerts }).__alerts);

/** Products from the end of the catalog, which the other journeys leave alone: one sold by weight, one by the piece. */
function products(catalog: Catalog): { weighed: ApiProduct; counted: ApiProduct } {
  const fromEnd = [...catalog.products].reverse().filter((p) => p.price.regular > 0 && p.stock >= 20);
  const weighed = fromEnd.find((p) => p.isFraction);
  const counted = fromEnd.filter((p) => !p.isFraction)[12];
  if (!weighed || !counted) throw new Error('the demo catalog has no product sold by weight with stock');
  return { weighed, counted };
}

type Placed = { orderId: string; token: string; number: number; grandTotal: string };

/** An order placed as a shopper's browser would place it, for the stories that start at the owner's end. */
async function placeByApi(request: APIRequestContext, order: Record<string, unknown>): Promise<Placed> {
  const res = await request.post('/fn/order/create', {
    data: {
      sfId: 'demo',
      order: { personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '9800000001', dialCode: '+91' } }, ...order },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { orderId: string; notificationToken: string; order: { number: number; grandTotal: number } };
  const grandTotal = `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(body.order.grandTotal)}`;
  return { orderId: body.orderId, token: body.notificationToken, number: body.order.number, grandTotal };
}

/**
 * These journeys' `test`: `board` is the owner on a phone, logged in on /admin with the alerts
 * recorded (a second browser and a password login: the test gets the slow timeout), closed
 * after; `counted` is a product sold by the piece from the end of the catalog.
 */
const test = base.extend<{ board: Page; counted: ApiProduct }>({
  board: async ({ browser, baseURL }, use, testInfo) => {
    testInfo.slow();
    const board = await ownerOnAPhone(browser, baseURL, recordAlerts);
    await use(board);
    await board.context().close();
  },
  counted: async ({ catalog }, use) => use(products(catalog).counted),
});

test.describe('The owner runs a day from a phone', () => {
  // one phone-sized story: the shopper's side is checked at both sizes elsewhere
  test.skip(({ isMobile }) => !isMobile, 'the owner story runs once, on the phone-sized project');

  test('a guest orders for delivery in a slot and pays by UPI; the owner hears it, sees all it takes, prints the slip, takes the payment and delivers; the shopper sees each step under the same number', async ({
    page,
    board,
    catalog,
  }) => {
    test.slow(); // two browsers, a password login, a whole order's life
    await expect(board.getByText('Signed in as Priya Shah')).toBeVisible();
    // the board hears new orders from now on
    await expect(board.getByText('Live: new orders appear by themselves')).toBeVisible();
    await expect(board.getByRole('link', { name: 'Kirana & Co.' })).toHaveAttribute('href', '/');

    // the shopper: 0.75 kg of one thing, one of another, delivered in a slot, paid by UPI
    const { weighed, counted } = products(catalog);
    await addWeighed(page, weighed, '0.75');
    await addToCart(page, counted);
    await page.goto('/checkout');
    await fillShopper(page, ASHA);
    await fillAddress(page);
    const slot = await chooseDeliveryTime(page);
    await page.getByLabel('Note for the shop (optional)').fill('Ring twice, third floor');
    await page.getByRole('radio', { name: 'UPI', exact: true }).check();
    await page.getByRole('button', { name: 'Pay with any UPI app' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Order confirmation' });
    const label = (await confirmation.getByText(/^Order number: #\d+$/).textContent())!.replace('Order number: ', '');
    await confirmation.getByRole('button', { name: 'OK' }).click();
    const grandTotal = (await page.getByTestId('order-totals').locator('[data-code="grand_total"] dd').textContent())!.trim();
    await page.getByLabel('UPI reference (UTR)').fill('412345678901');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByText('Thank you! The shop will confirm your payment shortly.')).toBeVisible();

    // the open board announces it: a line at the top, the chime, a notification
    const arrival = board.getByRole('status').getByRole('link', { name: `New order ${label}` });
    await expect(arrival).toBeVisible();
    await expect.poll(async () => (await alertsOf(board)).notifications.map((n) => n.title)).toContain(`New order ${label}`);
    expect((await alertsOf(board)).notifications.find((n) => n.title === `New order ${label}`)?.body).toBe(`${grandTotal} · Delivery · Asha Rao`);
    expect((await alertsOf(board)).tones).toBeGreaterThan(0);

    // the whole order, on the phone
    await arrival.click();
    await expect(board.getByRole('heading', { level: 1, name: `Order ${label}` })).toBeVisible();
    const delivery = board.getByRole('region', { name: 'Delivery' });
    await expect(delivery).toContainText('12 MG Road');
    await expect(delivery).toContainText('Bengaluru, Karnataka, 560001');
    await expect(delivery).toContainText(`, ${slot}`);
    await expect(delivery).toContainText('Note: Ring twice, third floor');
    await expect(board.getByRole('region', { name: 'Contact' }).getByRole('link', { name: '+91 9800000001' })).toHaveAttribute('href', 'tel:+919800000001');
    const items = board.getByRole('region', { name: 'Items' });
    await expect(items).toContainText(`0.75 kg ${weighed.title}`);
    await expect(items).toContainText(`1 × ${counted.title}`);
    for (const total of ['Subtotal', 'Shipping and Handling', 'Packing Charges', 'Tax (5%)']) await expect(items).toContainText(total);
    await expect(items).toContainText(`Grand Total${grandTotal}`);
    await expect(board.getByRole('region', { name: 'Payment' })).toContainText('UPI reference (UTR): 412345678901');
    await expect(board.getByRole('region', { name: 'Payment' }).getByText(/^Verify by .+, or the order is cancelled$/)).toBeVisible();
    await expect(board.getByText(/^Welcome, /)).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(board);

    // the packing slip, as the 80 mm printer gets it
    await board.getByRole('link', { name: 'Print packing slip' }).click();
    await expect(board.getByRole('heading', { name: 'Packing slip' })).toBeVisible();
    const [slip] = await pdfPages(await board.pdf({ preferCSSPageSize: true }));
    expect(slip!.widthMm).toBe(80);
    for (const text of [
      'PACKING SLIP',
      `Order ${label}`,
      'Asha Rao',
      '12 MG Road',
      'Bengaluru, Karnataka, 560001',
      `0.75 kg ${weighed.title}`,
      `1 × ${counted.title}`,
      'Ring twice, third floor',
    ])
      expect(slip!.words).toContain(text);
    // nothing of the page around the slip is printed
    expect(slip!.text).not.toContain('Log out');
    await board.getByRole('link', { name: `Order ${label}` }).click();

    // the shopper's own view of it, which they reload as the owner works
    await page.getByRole('link', { name: 'View your order' }).click();
    // the thank-you page shows the number too: the reloads below must be of the order's own page
    await expect(page).toHaveURL(/\/guest\/view-order#orderId=/);
    const shopperSees = async (status: string, payment: string) => {
      await page.reload();
      await expect(page.getByText(`Status: ${status}`)).toBeVisible();
      await expect(page.getByText(`Payment: ${payment}`)).toBeVisible();
      await expect(page.getByText(`Order number: ${label}`)).toBeVisible();
    };
    await shopperSees('Placed', 'Being verified by the shop');

    // the owner found the money, and moves the order to the door
    const order = board.getByRole('article', { name: `Order ${label}` });
    await order.getByRole('button', { name: 'Mark paid' }).click();
    await expect(board.getByRole('region', { name: 'Payment' })).toContainText('Paid');
    await shopperSees('Placed', 'Paid');
    for (const [step, status] of [
      ['Confirm', 'Confirmed'],
      ['Start preparing', 'Being prepared'],
      ['Out for delivery', 'Out for delivery'],
      ['Delivered', 'Delivered'],
    ] as const) {
      await order.getByRole('button', { name: step, exact: true }).click();
      await expect(order.locator('header')).toContainText(status);
      await shopperSees(status, 'Paid');
    }
    // the customer told from the owner's own WhatsApp, the text for the order's status written in
    const message = new URL((await order.getByRole('link', { name: 'Message the customer on WhatsApp' }).getAttribute('href'))!);
    expect(message.searchParams.get('text')).toBe(`Hello Asha Rao, Kirana & Co. here. Your order ${label} was delivered. Thank you!`);
    // the history says who did each step, in the shop's time
    await expect(board.getByRole('region', { name: 'History' })).toContainText('Priya Shah');
  });

  test("a dine-in order's kitchen ticket prints on a 58 mm roll and its receipt on A4, each with what it is for", async ({ board, request, counted }) => {
    const placed = await placeByApi(request, {
      items: [{ id: counted.variantId, qty: 2 }],
      deliveryMode: 'dine',
      dineInDetails: { spaceId: 'table-3', value: 'by the window', code: tableCode('Table 3') },
      paymentType: 'pof',
      note: 'No onions',
    });

    // a dine-in order's first printout is a tap away on the board's card
    await board
      .getByRole('article', { name: `Order #${placed.number}` })
      .getByRole('link', { name: 'Print kitchen ticket' })
      .click();
    await expect(board.getByRole('heading', { name: 'Kitchen ticket' })).toBeVisible();
    await board.getByRole('radio', { name: '58 mm roll' }).check();
    const [ticket] = await pdfPages(await board.pdf({ preferCSSPageSize: true }));
    expect(ticket!.widthMm).toBe(58);
    for (const text of ['KITCHEN TICKET', 'Table 3, by the window', `Order #${placed.number}`, `2 × ${counted.title}`, 'Note: No onions'])
      expect(ticket!.words).toContain(text);

    await board.goto(`/admin/orders/${placed.orderId}/print/receipt`);
    // the paper chosen last is this browser's printer's
    await expect(board.getByRole('radio', { name: '58 mm roll' })).toBeChecked();
    await board.getByRole('radio', { name: 'A4' }).check();
    const [receipt] = await pdfPages(await board.pdf({ preferCSSPageSize: true }));
    expect(receipt!.widthMm).toBe(210);
    for (const text of [
      'RECEIPT',
      `Order #${placed.number}`,
      `2 × ${counted.title}`,
      'Subtotal',
      'Tax (5%)',
      `Grand Total ${placed.grandTotal}`,
      `To collect: ${placed.grandTotal}`,
      'Thank you!',
    ])
      expect(receipt!.words).toContain(text);
  });

  test('the owner cancels a paid order: the refund it owes shows to both, until the owner marks it paid back', async ({ board, request, page, counted }) => {
    const placed = await placeByApi(request, { items: [{ id: counted.variantId, qty: 1 }], deliveryMode: 'pickup', paymentType: 'upi-manual' });
    await request.post('/fn/order/paymentConfig', {
      headers: { authorization: `Bearer ${placed.token}` },
      data: { sfId: 'demo', orderId: placed.orderId, provider: 'upi-manual' },
    });
    await request.post('/fn/order/upiReference', {
      headers: { authorization: `Bearer ${placed.token}` },
      data: { sfId: 'demo', orderId: placed.orderId, utr: '498765432109' },
    });

    await board.goto(`/admin/orders/${placed.orderId}`);
    const order = board.getByRole('article', { name: `Order #${placed.number}` });
    await order.getByRole('button', { name: 'Mark paid' }).click();
    await expect(board.getByRole('region', { name: 'Payment' })).toContainText('UPI · Paid');
    await order.getByRole('button', { name: 'Cancel order' }).click();
    await order.getByRole('button', { name: 'Cancel order: are you sure?' }).click();
    await expect(board.getByRole('region', { name: 'Payment' })).toContainText(`Refund due: ${placed.grandTotal} by UPI`);
    // a cancelled order takes no more money
    await expect(order.getByRole('button', { name: /^Mark (paid|collected)$/ })).toHaveCount(0);

    await page.goto(`/guest/view-order#${new URLSearchParams({ orderId: placed.orderId, token: placed.token }).toString()}`);
    await expect(page.getByText(`Refund of ${placed.grandTotal} due`)).toBeVisible();

    await order.getByRole('button', { name: 'Mark refunded' }).click();
    await board.getByLabel('Reference of your refund (optional for cash)').fill('RFND77001122');
    await order.getByRole('button', { name: 'Mark refunded' }).click();
    await expect(board.getByRole('region', { name: 'Payment' })).toContainText(`Refunded ${placed.grandTotal} on `);
    await expect(board.getByRole('region', { name: 'History' })).toContainText('refunded');
    await page.reload();
    await expect(page.getByText(new RegExp(`^Refunded on .+ \\(${placed.grandTotal.replace(/[.$]/g, '\\$&')}\\) Reference: RFND77001122$`))).toBeVisible();
    await expect(page.getByText('Payment: Refunded')).toBeVisible();
  });

  test("the owner cancels a guest's unpaid UPI order: the shopper's page offers no more payment, the server takes none, and the card has no Mark paid", async ({
    board,
    page,
    request,
    counted,
  }) => {
    // the guest orders for pickup and pays by UPI: the QR and "I have paid" are offered
    await addToCart(page, counted);
    await page.goto('/checkout');
    await fillShopper(page, ASHA);
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('radio', { name: 'UPI', exact: true }).check();
    await page.getByRole('button', { name: 'Pay with any UPI app' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Order confirmation' });
    const label = (await confirmation.getByText(/^Order number: #\d+$/).textContent())!.replace('Order number: ', '');
    await confirmation.getByRole('button', { name: 'OK' }).click();
    const qr = page.getByRole('img', { name: /^UPI / });
    await expect(qr).toBeVisible();
    await expect(page.getByRole('button', { name: 'I have paid' })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const viewLink = new URLSearchParams((await page.getByRole('link', { name: 'View your order' }).getAttribute('href'))!.split('#')[1]);
    const token = viewLink.get('token')!;

    // the owner cancels it before any money came: Mark paid goes with it
    await board.goto(`/admin/orders/${orderId}`);
    const order = board.getByRole('article', { name: `Order ${label}` });
    await expect(order.getByRole('button', { name: 'Mark paid' })).toBeVisible();
    await order.getByRole('button', { name: 'Cancel order' }).click();
    await order.getByRole('button', { name: 'Cancel order: are you sure?' }).click();
    await expect(order.locator('header')).toContainText('Cancelled');
    await expect(order.getByRole('button', { name: /^Mark (paid|collected)$/ })).toHaveCount(0);

    // the shopper's page, seen again: cancelled, and nothing to pay
    await page.reload();
    await expect(page.getByText('Your order is cancelled.')).toBeVisible();
    await expect(qr).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'I have paid' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open UPI app' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // a reference sent from a page left open is refused, and the order stays as it is
    const late = await request.post('/fn/order/upiReference', {
      headers: { authorization: `Bearer ${token}` },
      data: { sfId: 'demo', orderId, utr: '412345678901' },
    });
    expect(late.status()).toBe(409);
    expect(await late.json()).toMatchObject({ error: 'order_ended', message: 'This order was cancelled or rejected, so it takes no payment.' });

    await page.getByRole('link', { name: 'View your order' }).click();
    await expect(page.getByText('Status: Cancelled')).toBeVisible();
    await expect(page.getByText('Payment: Nothing to pay')).toBeVisible();
    await expect(page.getByText('Your order is cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /^UPI / })).toHaveCount(0);
    // the owner's page, opened again, still offers no Mark paid and shows no reference to check
    await board.reload();
    await expect(order.locator('header')).toContainText('Cancelled');
    await expect(order.getByRole('button', { name: /^Mark (paid|collected)$/ })).toHaveCount(0);
    await expect(board.getByRole('region', { name: 'Payment' })).not.toContainText('UPI reference');
  });

  test('a shopper asks to cancel a confirmed order once: the page then says the request was sent, and the owner sees it', async ({
    page,
    board,
    request,
    counted,
  }) => {
    const placed = await placeByApi(request, { items: [{ id: counted.variantId, qty: 1 }], deliveryMode: 'pickup', paymentType: 'pof' });
    await board.goto(`/admin/orders/${placed.orderId}`);
    const order = board.getByRole('article', { name: `Order #${placed.number}` });
    await order.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(order.locator('header')).toContainText('Confirmed');

    await page.goto(`/guest/view-order#${new URLSearchParams({ orderId: placed.orderId, token: placed.token }).toString()}`);
    await requestCancellation(page, 'Your request was sent to the shop; they will get back to you.');
    await expect(page.getByText('Your cancel request was sent to the shop.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
    // still so when the page is opened again
    await page.reload();
    await expect(page.getByText('Status: Confirmed')).toBeVisible();
    await expect(page.getByText('Your cancel request was sent to the shop.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);

    await board.reload();
    await expect(order.getByText('Cancel requested')).toBeVisible();
  });

  test('the owner finds a guest among the customers, reaches them with a tap and downloads the list as CSV', async ({ board, request, counted }) => {
    const email = `regular-${Date.now()}@example.com`;
    const personalDetails = { fullName: 'Meera Iyer', email, phone: { number: '98111 22233', dialCode: '+91' } };
    const placed = await placeByApi(request, {
      personalDetails,
      items: [{ id: counted.variantId, qty: 1 }],
      deliveryMode: 'pickup',
      paymentType: 'pof',
    });

    await board.goto('/admin?section=customers');
    await board.getByLabel('Find by name, e-mail or phone').fill(email.toUpperCase());
    // this run's guest: the list shows everyone until the search applies, and other journeys' shoppers share the name
    const customer = board.getByRole('article', { name: 'Meera Iyer' }).filter({ has: board.getByRole('link', { name: email }) });
    await expect(board.getByRole('article')).toHaveCount(1);
    await expect(customer).toContainText('Guest');
    await expect(customer).toContainText(`1 order · ${placed.grandTotal} spent`);
    await expect(customer.getByRole('link', { name: '+91 98111 22233' })).toHaveAttribute('href', 'tel:+919811122233');
    await expect(customer.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    // nothing wider than the phone
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(OWNER_PHONE.width);
    await expectNoSeriousA11yViolations(board);

    const download = board.waitForEvent('download');
    await board.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('customers.csv');
    const text = readFileSync(await file.path(), 'utf8');
    expect(text.startsWith('\uFEFFname,email,phone,account,orders,total spent,last order (')).toBe(true);
    expect(text).toContain(`Meera Iyer,${email},'+91 98111 22233,guest,1,`);
  });
});

test.describe('The owner hears of orders with /admin closed', () => {
  // the push subscription needs the service worker: the other journeys run without one
  test.use({ serviceWorkers: 'allow' });
  test.skip(({ isMobile }) => !isMobile, 'the owner story runs once, on the phone-sized project');

  test("the owner turns alerts on from /admin; with the page closed, a new order reaches the owner's phone by push", async ({ browser, request, catalog }) => {
    test.slow(); // a password login and the service worker's start
    // Chromium's push service is out of reach here: the subscription the browser would get comes from the local push service
    const subscription = (await (await request.post(`${fakePushControl}/subscriptions`)).json()) as {
      endpoint: string;
      keys: { p256dh: string; auth: string };
    };
    const email = `alert-owner-${Date.now()}@example.com`;
    createOwner(email, undefined, 'Priya Shah');
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: OWNER_PHONE,
      isMobile: true,
      hasTouch: true,
      permissions: ['notifications'],
      serviceWorkers: 'allow',
    });
    await context.addInitScript((sub: typeof subscription) => {
      PushManager.prototype.subscribe = function () {
        return Promise.resolve({ endpoint: sub.endpoint, toJSON: () => sub } as unknown as PushSubscription);
      };
    }, subscription);
    const board = await context.newPage();
    await ownerLogsIn(board, email);
    await board.evaluate(async () => void (await navigator.serviceWorker.ready));
    await board.getByRole('button', { name: 'Get an alert for every new order' }).click();
    await expect(board.getByRole('button', { name: 'Alerts on for this device' })).toBeVisible();
    await context.close();

    const placed = await placeByApi(request, { items: [{ id: products(catalog).counted.variantId, qty: 1 }], deliveryMode: 'pickup', paymentType: 'pof' });
    const path = new URL(subscription.endpoint).pathname;
    // the other journeys' orders reach this phone too: this order's alert is the one to read
    await expect
      .poll(
        async () =>
          ((await (await request.get(`${fakePushControl}/messages`)).json()) as Array<{ path: string; message: unknown }>)
            .filter((m) => m.path === path && (m.message as { tag?: string }).tag === `owner-order-${placed.orderId}`)
            .map((m) => m.message),
        { message: "the owner's phone gets the push" },
      )
      .toEqual([
        {
          title: `New order #${placed.number}`,
          body: `${placed.grandTotal} · Pickup · Asha Rao`,
          url: `/admin/orders/${placed.orderId}`,
          tag: `owner-order-${placed.orderId}`,
        },
      ]);
  });
});
