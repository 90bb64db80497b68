import { describe, expect, it } from 'vitest';
import { instantOf } from '../../domain/booking.ts';
import { testDatabases } from '../testing/databases.ts';
import { mailingThrough, mimePart, subjectOf, useFakeSmtp } from '../testing/fake-smtp.ts';
import { everyPayment, testShopConfig } from '../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../testing/orders.ts';
import { useTestApp } from '../testing/test-app.ts';

const IST = 'Asia/Kolkata';
/** Saturday 21 November 2026, 09:00 in the shop. */
const NOW = instantOf('2026-11-21', '09:00', IST);
const MINUTE = 60_000;

describe.each(testDatabases)('a UPI shopper is reminded to pay before the hold ends, on $name', (database) => {
  const smtp = useFakeSmtp();
  let now = NOW;
  const shop = useTestApp(database, () => ({
    config: {
      ...testShopConfig(),
      timeZone: IST,
      orderConfig: {
        orderEnabled: true,
        pickupEnabled: true,
        unpaidHoldMinutes: 30,
        detailsConfig: { personal: { fullName: true, email: true, phone: false } },
      },
      payment: everyPayment(),
    },
    ...mailingThrough(smtp),
    clock: () => now,
    // the test sweeps when it means to
    unpaidSweepMs: 60 * MINUTE,
  }));
  const remindedAt = async (orderId: string) =>
    (await shop.db.kysely.selectFrom('orders').select('payment_reminded_at').where('id', '=', orderId).executeTakeFirstOrThrow()).payment_reminded_at;

  it('once, ten minutes before the 30-minute hold ends, by e-mail with the time to pay by', async () => {
    const res = await placeOrder(
      shop.app,
      checkoutOrder({ paymentType: 'upi-manual', personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '', dialCode: '' } } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { orderId, order } = res.json<{ orderId: string; order: { number: number } }>();
    const reminders = () => smtp.received.filter((m) => subjectOf(m.raw).includes('is waiting for your payment'));

    now = NOW + 19 * MINUTE;
    await shop.app.expireUnpaidOrders!();
    expect(await remindedAt(orderId)).toBeNull();

    now = NOW + 20 * MINUTE;
    await shop.app.expireUnpaidOrders!();
    expect(await remindedAt(orderId)).toBe(NOW + 20 * MINUTE);
    await expect.poll(() => reminders().length).toBe(1);
    const [mail] = reminders();
    expect(mail!.to).toEqual(['asha@example.com']);
    expect(subjectOf(mail!.raw)).toBe(`Order #${order.number} is waiting for your payment — Test Shop`);
    // placed at 09:00 in the shop, held for 30 minutes
    expect(mimePart(mail!.raw, 'text/plain')).toMatch(
      new RegExp(
        `^Your order #${order.number} is waiting for your UPI payment\\. Please pay and enter the reference by 9:30\\s(am|AM); after that the shop checks its bank for your payment\\.`,
      ),
    );

    // swept again before the hold ends: not reminded twice
    now = NOW + 25 * MINUTE;
    await shop.app.expireUnpaidOrders!();
    expect(await remindedAt(orderId)).toBe(NOW + 20 * MINUTE);
  });
});
