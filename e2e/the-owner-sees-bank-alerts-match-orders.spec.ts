import { randomInt } from 'node:crypto';
import { createOwner, ownerLogsIn } from './fixtures/owner.ts';
import { BANK_ALERT_SECRET } from './fixtures/servers.ts';
import { isDigital } from './fixtures/shop-data.ts';
import { expect, test } from './fixtures/test.ts';

test.describe('The owner sees bank alerts match orders', () => {
  test.skip(({ isMobile }) => !isMobile, 'the owner story runs once, on the phone-sized project');

  test("the bank's UPI credit alert, forwarded from the owner's phone, marks the shopper's order paid; /admin shows which", async ({
    page,
    request,
    catalog,
  }) => {
    test.slow(); // a password login
    // so much in stock that this order never takes it below the 20 other journeys pick their products by
    const product = [...catalog.products].reverse().find((p) => p.stock >= 40 && !p.isFraction && p.price.regular > 0 && !isDigital(p))!;
    // a shopper orders for pickup, pays by UPI and types the reference their app shows
    const placed = await request.post('/fn/order/create', {
      data: {
        sfId: 'demo',
        order: {
          items: [{ id: product.variantId, qty: 1 }],
          deliveryMode: 'pickup',
          paymentType: 'upi-manual',
          personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '9800000001', dialCode: '+91' } },
        },
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const { orderId, notificationToken, order } = (await placed.json()) as {
      orderId: string;
      notificationToken: string;
      order: { number: number; grandTotal: number };
    };
    const utr = String(randomInt(100_000_000_000, 999_999_999_999));
    const reference = await request.post('/fn/order/upiReference', {
      data: { sfId: 'demo', orderId, utr },
      headers: { authorization: `Bearer ${notificationToken}` },
    });
    expect(reference.status()).toBe(200);

    // HDFC's SMS reaches the owner's phone; the forwarding app posts it with the shop's secret
    const sms = `Credit Alert!\nRs.${order.grandTotal.toFixed(2)} credited to HDFC Bank A/c XX4021 on 28-11-26 from VPA asha.k@okicici (UPI ${utr})`;
    const forwarded = await request.post('/fn/payment/bank-alert', {
      data: { text: sms, from: 'AD-HDFCBK-S' },
      headers: { authorization: `Bearer ${BANK_ALERT_SECRET}` },
    });
    expect(await forwarded.json()).toEqual({ success: true, outcome: 'matched' });

    const email = `bank-owner-${Date.now()}@example.com`;
    createOwner(email);
    await ownerLogsIn(page, email);
    const alerts = page.getByText(/^Bank alerts: \d+ matched to orders, \d+ to look at$/);
    await expect(alerts).toBeVisible();
    // open unless an alert to look at opened it already
    const link = page.getByRole('link', { name: `Marked order #${order.number} paid` });
    if (!(await link.isVisible())) await alerts.click();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expect(page.getByText(`UPI reference (UTR): ${utr}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  });
});
