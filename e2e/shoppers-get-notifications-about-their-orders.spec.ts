import type { Page } from '@playwright/test';
import { signUpAndConfirm } from './fixtures/accounts.ts';
import { fakePushControl } from './fixtures/servers.ts';
import { addToCart, orderPickupPayingOnDelivery } from './fixtures/checkout.ts';
import { expect, test } from './fixtures/test.ts';

// this journey needs the service worker: the others run without one (playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type Pushed = { path: string; message: { title: string; body: string; url: string; tag?: string } };

const controlled = (page: Page) =>
  expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 }).toBe('activated');

test.describe('Shoppers get notifications about their orders', () => {
  test('turning notifications on sends the subscription with the device id; a placed order is pushed and shown by the service worker', async ({
    page,
    context,
    request,
    shop,
    catalog,
  }) => {
    test.slow(); // a sign-up, an order, and the prompt's 3 s
    // a browser that has not been asked yet (the config answers for the other journeys)
    await context.clearPermissions();
    const email = `push-${test.info().project.name}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Meera Iyer', email, 'quiet harbour lights');

    // Chromium's push service is out of reach here: the subscription the browser would get
    // comes from the local push service, which can then read what the shop sends to it
    const subscription = (await (await request.post(`${fakePushControl}/subscriptions`)).json()) as Subscription;
    await context.addInitScript((sub: Subscription) => {
      PushManager.prototype.subscribe = function () {
        return Promise.resolve({ endpoint: sub.endpoint, toJSON: () => sub } as unknown as PushSubscription);
      };
    }, subscription);

    const tab = await context.newPage();
    await tab.goto('/home');
    await controlled(tab);
    const prompt = tab.getByRole('region', { name: 'Allow notifications?' });
    await expect(prompt).toBeVisible();
    await context.grantPermissions(['notifications']);
    await prompt.getByRole('button', { name: 'Turn on notifications' }).click();

    // the server has this browser's device, for this user, with push on
    // §9: the device id lives in the shop's 'user' collection
    const deviceId = await tab.evaluate(
      () => (JSON.parse(Object.entries(localStorage).find(([key]) => key.endsWith('/user'))?.[1] ?? '{}') as { device?: string }).device,
    );
    expect(deviceId).toBeTruthy();
    const refreshed = await context.request.post('/api/auth/refresh');
    const { authToken } = (await refreshed.json()) as { authToken: string };
    await expect
      .poll(async () => (await (await context.request.get('/api/user/devices', { headers: { authorization: `Bearer ${authToken}` } })).json()) as unknown, {
        message: 'the device reaches the server',
      })
      .toEqual([expect.objectContaining({ id: deviceId, push: true })]);

    // an order placed by the shopper is pushed to the subscription
    const product = catalog.products.find((p) => p.stock >= 5 && p.itemId === p.variantId && !p.isFraction && p.price.regular > 0)!;
    await addToCart(tab, product);
    await tab.goto('/checkout');
    await orderPickupPayingOnDelivery(tab, { name: 'Meera Iyer', email: email, phone: '9800000002' });
    await expect(tab.getByRole('dialog', { name: 'Order confirmation' })).toBeVisible();
    const path = new URL(subscription.endpoint).pathname;
    let pushed: Pushed | undefined;
    await expect
      .poll(
        async () => {
          pushed = ((await (await request.get(`${fakePushControl}/messages`)).json()) as Pushed[]).find((m) => m.path === path);
          return pushed !== undefined;
        },
        { message: 'the push service receives the order' },
      )
      .toBe(true);
    expect(pushed!.message).toMatchObject({
      title: shop.title,
      body: expect.stringMatching(/^Thank you! Your order .+ is placed\.$/),
      url: '/account?activePage=orders',
    });

    // delivered to the browser, the service worker shows it
    const origin = new URL(tab.url()).origin;
    const cdp = await context.newCDPSession(tab);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
        if (live) resolve(live.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    const shown = () =>
      tab.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })));
    // DevTools hands the message to the worker when it gets to it: sent again if it has not shown yet (the order's tag keeps it one notification)
    await expect(async () => {
      if ((await shown()).length === 0)
        await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(pushed!.message) });
      await expect.poll(shown, { message: 'the notification shows', timeout: 5000 }).toEqual([{ title: shop.title, body: pushed!.message.body }]);
    }).toPass({ timeout: 25_000 });
  });
});
