import type { Page, Request } from '@playwright/test';
import { logInAfterAWrongPassword, openMenu, signUpAndConfirm } from './fixtures/accounts.ts';
import { expect, test } from './fixtures/test.ts';
import { holdToasts } from './fixtures/storefront.ts';

type Sent = Record<string, unknown>;

/** Every analytics event and device registration the page sends, with the bearer token it carried. */
function watch(page: Page): { events: Sent[]; registrations: Array<Sent & { authorized: boolean }> } {
  const events: Sent[] = [];
  const registrations: Array<Sent & { authorized: boolean }> = [];
  page.on('request', (req: Request) => {
    if (req.url().endsWith('/fn/analytics/logEvent')) events.push(req.postDataJSON() as Sent);
    if (req.url().endsWith('/api/instance/updateFcmToken'))
      registrations.push({ ...(req.postDataJSON() as Sent), authorized: Boolean(req.headers().authorization) });
  });
  return { events, registrations };
}

test.describe('Shoppers are counted once per visit', () => {
  test('a tab sends one new_session event with the device record; a reload sends none; a second tab is a new session of the same device', async ({
    page,
    context,
  }) => {
    const first = watch(page);
    await page.goto('/catalog');
    await expect.poll(() => first.events.length).toBe(1);
    const [event] = first.events;
    expect(event).toMatchObject({ event_type: 'new_session', value: expect.stringMatching(/\/catalog$/), sf_id: 'demo', version: '0.8', user_id: null });
    expect(event!.device_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event!.session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event!.localTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(event!.os_name).toBe('Linux');
    expect(['mobile', 'tablet', 'desktop']).toContain(event!.device_type);

    await page.reload({ waitUntil: 'networkidle' });
    await page.goto('/home', { waitUntil: 'networkidle' });
    expect(first.events).toHaveLength(1);

    const other = await context.newPage();
    const second = watch(other);
    await other.goto('/');
    await expect.poll(() => second.events.length).toBe(1);
    expect(second.events[0]).toMatchObject({ device_id: event!.device_id, session_id: expect.not.stringMatching(event!.session_id as string) });
  });

  test('login registers the device for the user; logout registers it for nobody', async ({ page, request }) => {
    test.slow(); // a sign-up and two logins hash passwords slowly on purpose
    const sent = watch(page);
    const email = `device-${test.info().project.name}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Tara Menon', email, 'cardamom river stones');
    await expect.poll(() => sent.registrations.filter((r) => r.authorized).length).toBeGreaterThan(0);
    const [login] = sent.registrations.filter((r) => r.authorized);
    // the browser made the device's secret before its first registration; every later one brings it back
    expect(login).toMatchObject({
      fcmToken: null,
      deviceId: sent.events[0]!.device_id,
      userId: expect.any(String),
      deviceSecret: expect.stringMatching(/^[\w-]{43}$/),
    });
    const { deviceSecret } = login!;

    await page.goto('/home');
    await holdToasts(page);
    await (await openMenu(page)).getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText("You're logged out")).toBeVisible();
    await expect.poll(() => sent.registrations.at(-1)).toMatchObject({ authorized: false, userId: null, deviceId: login!.deviceId, deviceSecret });
    await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
    await logInAfterAWrongPassword(page, email, 'wrong password here', 'cardamom river stones');
    await expect.poll(() => sent.registrations.at(-1)).toMatchObject({ authorized: true, deviceId: login!.deviceId, deviceSecret });
  });

  test("a login registration whose answer never reaches the page (the shopper moved on) keeps the device's id through logout and the next login", async ({
    page,
    request,
  }) => {
    test.slow(); // a sign-up and two logins hash passwords slowly on purpose
    const sent = watch(page);
    // the server registers the device at login, but the page is gone before the answer comes:
    // made deterministic by letting the first registration reach the server and dropping its answer
    let dropped = 0;
    await page.route('**/api/instance/updateFcmToken', async (route) => {
      if (dropped > 0 || !route.request().headers().authorization) return route.continue();
      dropped++;
      expect((await route.fetch()).status()).toBe(200);
      await route.abort('connectionreset');
    });
    const email = `device-lost-${test.info().project.name}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Tara Menon', email, 'cardamom river stones');
    await expect.poll(() => dropped).toBe(1);
    const [login] = sent.registrations.filter((r) => r.authorized);
    expect(login).toMatchObject({ deviceId: sent.events[0]!.device_id, userId: expect.any(String) });

    await page.goto('/home');
    await holdToasts(page);
    await (await openMenu(page)).getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText("You're logged out")).toBeVisible();
    await expect.poll(() => sent.registrations.at(-1)).toMatchObject({ authorized: false, userId: null, deviceId: login!.deviceId });
    await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
    await logInAfterAWrongPassword(page, email, 'wrong password here', 'cardamom river stones');
    await expect.poll(() => sent.registrations.at(-1)).toMatchObject({ authorized: true, deviceId: login!.deviceId });
    // one device all along: no registration was refused and made a new one
    expect(new Set(sent.registrations.map((r) => r.deviceId))).toEqual(new Set([login!.deviceId]));
  });
});
