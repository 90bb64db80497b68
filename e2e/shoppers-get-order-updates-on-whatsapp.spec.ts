import { randomInt } from 'node:crypto';
import { fillShopper, pressAddToCart } from './fixtures/checkout.ts';
import { createOwner, ownerLogsIn } from './fixtures/owner.ts';
import { webhookSignature } from '../src/server/testing/fake-whatsapp.ts';
import { fakeWhatsApp, fakeWhatsAppSent } from './fixtures/servers.ts';
import { isDigital } from './fixtures/shop-data.ts';
import { expect, test } from './fixtures/test.ts';

type Sent = { to: string; template?: string; params: string[] };

test.describe('Shoppers get order updates on WhatsApp', () => {
  test.skip(({ isMobile }) => !isMobile, 'the owner story runs once, on the phone-sized project');

  test("a shopper ticks the box at checkout; the shop's WhatsApp message reaches them and is read, they write back, and the owner answers from the order", async ({
    page,
    browser,
    request,
    catalog,
  }) => {
    test.slow(); // a password login
    const product = [...catalog.products].reverse().find((p) => p.stock >= 40 && !p.isFraction && p.price.regular > 0 && !isDigital(p))!;
    // a number of this run's own, so what the local WhatsApp took for it is this order's
    const phone = `98${randomInt(10_000_000, 99_999_999)}`;
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await pressAddToCart(page, product);
    await page.goto('/checkout');
    await fillShopper(page, { name: 'Meera Iyer', email: 'meera@example.com', phone });
    const box = page.getByRole('checkbox', { name: 'Send me updates on WhatsApp' });
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(page.getByText(`Each step of this order goes to +91 ${phone}. Reply STOP to end them.`)).toBeVisible();
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('radio', { name: 'Pay at the counter' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order confirmation' });
    await expect(dialog.getByText(/^Order number: #\d{4,}$/)).toBeVisible();
    const number = (await dialog.getByText(/^Order number: /).textContent())!.replace('Order number: ', '');

    // the shop sent its "order placed" template to the number given, with the order's number and its page
    let placed: Sent | undefined;
    await expect(async () => {
      const sent = (await (await request.get(fakeWhatsAppSent)).json()) as Sent[];
      placed = sent.find((m) => m.to === `91${phone}` && m.template === 'order_placed');
      expect(placed).toBeDefined();
    }).toPass();
    expect(placed!.params.slice(0, 2)).toEqual([number, 'Kirana & Co.']);
    const orderId = new URLSearchParams(new URL(placed!.params[3]!).hash.slice(1)).get('orderId');
    // the link opens the shopper's order
    const link = await browser.newPage();
    await link.goto(placed!.params[3]!);
    await expect(link.getByText(`Order number: ${number}`)).toBeVisible();
    await link.close();

    // the owner opens the order: WhatsApp said the message was read
    const email = `whatsapp-owner-${Date.now()}@example.com`;
    createOwner(email);
    await ownerLogsIn(page, email);
    await page.goto(`/admin/orders/${orderId}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText('WhatsApp "order placed": read');

    // the shopper answers on WhatsApp; the board rings with it, and the owner replies from the order
    const wrote = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                contacts: [{ profile: { name: 'Meera' }, wa_id: `91${phone}` }],
                messages: [
                  {
                    from: `91${phone}`,
                    id: `wamid.e2e${Date.now()}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: 'Can I pick it up at 6?' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const posted = await request.post('/fn/whatsapp/webhook', {
      data: wrote,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(fakeWhatsApp.appSecret, wrote) },
    });
    expect(posted.status()).toBe(200);
    await expect(history).toContainText('wrote on WhatsApp: "Can I pick it up at 6?"');
    await page.getByLabel('Reply on WhatsApp').fill('Yes, see you at 6.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(history).toContainText('replied on WhatsApp: "Yes, see you at 6." (read)');
  });
});
