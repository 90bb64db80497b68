import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../db/database.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { addUser } from '../../testing/users.ts';

/**
 * Issue 37: a coupon's once-per-customer and first-order rules, and the per-contact order
 * limit, see one shopper however the address is typed (`+tag`, case, a Cyrillic look-alike)
 * and whether they are logged in or not; every refusal of a code reads alike (decision 076).
 */

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);
const NOW = Date.parse('2026-11-24T10:00:00+05:30');
const NOT_VALID = 'This coupon is not valid or was used already.';

const shopConfig = (orderConfig: Record<string, unknown> = {}) => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } }, ...orderConfig },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  coupons: [
    { code: 'ONCE', percent: 5, usesPerCustomer: 1 },
    { code: 'HELLO', percent: 10, firstOrderOnly: true },
    { code: 'LASTONE', amount: 20, totalUses: 1 },
    { code: 'NEWYEAR', percent: 25, validFrom: '2027-01-01' },
    { code: 'SUMMER', percent: 25, validUntil: '2026-06-30' },
  ],
});

type Contact = { email?: string; phone?: string };
const body = (contact: Contact, couponCode?: string) => ({
  sfId: 'test-shop',
  order: {
    items: [{ id: 'tee-red-m', qty: 1 }],
    deliveryMode: 'pickup',
    personalDetails: { fullName: 'Asha Rao', email: contact.email ?? '', phone: { number: contact.phone ?? '', dialCode: '+91' } },
    paymentType: 'pof',
    ...(couponCode ? { couponCode } : {}),
  },
});

/** Asha's account: her Gmail address and her phone, +91 98000 00001. */
const ASHA = { id: 'asha', role: 'customer', name: 'Asha Rao', email: 'asha@gmail.com', phone: '+919800000001' } as const;
/**
 * An account's owner as a guest (`asha@gmail.com`, `9800000001`): her address with a tag, in
 * capitals, with a Cyrillic a (U+0430), and her phone under another address.
 */
const disguisesOf = (email: string, phone: string): Contact[] => [
  { email: email.replace('@', '+x@') },
  { email: email.replace(/^./, (c) => c.toUpperCase()).replace('gmail', 'Gmail') },
  { email: email.replace('a', '\u0430') },
  { email: 'someone.else@example.com', phone: `${phone.slice(0, 5)} ${phone.slice(5)}` },
];
const disguises = disguisesOf('asha@gmail.com', '9800000001');

describe.each(testDatabases)('one shopper however the address is typed, on $name', (database) => {
  async function withShop(test: (app: FastifyInstance, asha: { authorization: string }, db: Db) => Promise<void>, orderConfig?: Record<string, unknown>) {
    const { db, dispose } = await database.open();
    const app = await buildTestApp(db, { config: shopConfig(orderConfig), clock: () => NOW, authSecret: secret });
    await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).execute();
    const asha = { authorization: `Bearer ${await addUser(db, tokens, ASHA)}` };
    try {
      await test(app, asha, db);
    } finally {
      await app.close();
      await dispose();
    }
  }
  const order = (app: FastifyInstance, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/fn/order/create', payload, headers });
  const quote = (app: FastifyInstance, payload: object) => app.inject({ method: 'POST', url: '/fn/order/quote', payload });
  const couponMessage = (res: { json(): { fields?: Array<{ path: string; message: string }> } }) =>
    res.json().fields?.find((f) => f.path === 'order.couponCode')?.message;

  it('a once-per-customer code used on the account is refused to its owner as a guest: tagged, capitalised, look-alike address, or her phone', async () => {
    await withShop(async (app, asha) => {
      const used = await order(app, body({ email: 'asha@gmail.com' }, 'ONCE'), asha);
      expect(used.statusCode, used.body).toBe(200);
      for (const contact of disguises) {
        const quoted = await quote(app, body(contact, 'ONCE'));
        expect(quoted.statusCode, JSON.stringify(contact)).toBe(400);
        expect(couponMessage(quoted)).toBe(NOT_VALID);
        expect(couponMessage(await order(app, body(contact, 'ONCE'))), JSON.stringify(contact)).toBe(NOT_VALID);
      }
      // someone else still can
      expect((await order(app, body({ email: 'ravi@example.com' }, 'ONCE'))).statusCode).toBe(200);
    });
  });

  it('a first-order code is refused to a guest who is an account that ordered, and to an account whose e-mail or phone ordered as a guest', async () => {
    await withShop(async (app, asha) => {
      expect((await order(app, body({ email: 'asha@gmail.com' }), asha)).statusCode).toBe(200);
      for (const contact of disguises) {
        expect(couponMessage(await quote(app, body(contact, 'HELLO'))), JSON.stringify(contact)).toBe(NOT_VALID);
        expect(couponMessage(await order(app, body(contact, 'HELLO'))), JSON.stringify(contact)).toBe(NOT_VALID);
      }
      expect((await order(app, body({ email: 'ravi@example.com' }, 'HELLO'))).statusCode).toBe(200);
    });
    await withShop(async (app, _asha, db) => {
      for (let i = 0; i < disguises.length; i++) {
        // four accounts, each of whom first ordered as a guest under her phone or a form of her address
        const meera = { ...ASHA, id: `meera-${i}`, email: `meera${i}@gmail.com`, phone: `+91981110000${i}` };
        const first = disguisesOf(meera.email, meera.phone.slice(3))[i]!;
        expect((await order(app, body(first))).statusCode, JSON.stringify(first)).toBe(200);
        const token = { authorization: `Bearer ${await addUser(db, tokens, meera)}` };
        expect(couponMessage(await order(app, body({ email: meera.email }, 'HELLO'), token)), JSON.stringify(first)).toBe(NOT_VALID);
      }
    });
    // two shops, each a database of its own
  }, 60_000);

  it('answers a code that does not exist exactly as one that is used up, not yours, for a first order, not yet or no longer valid', async () => {
    await withShop(async (app, asha) => {
      expect((await order(app, body({ email: 'asha@gmail.com' }, 'ONCE'), asha)).statusCode).toBe(200);
      expect((await order(app, body({ email: 'ravi@example.com' }, 'LASTONE'))).statusCode).toBe(200);
      const refused = async (code: string) => {
        const res = await quote(app, body({ email: 'asha+x@gmail.com' }, code));
        return { status: res.statusCode, body: res.body };
      };
      const unknown = await refused('NOSUCH');
      expect(unknown.status).toBe(400);
      expect(JSON.parse(unknown.body)).toEqual({
        success: false,
        error: 'bad_request',
        message: 'Some fields are not correct.',
        fields: [{ path: 'order.couponCode', message: NOT_VALID }],
      });
      for (const code of ['ONCE', 'HELLO', 'LASTONE', 'NEWYEAR', 'SUMMER']) expect(await refused(code), code).toEqual(unknown);
    });
  });

  it('counts one e-mail address however it is typed, and one phone however it is written, against the per-contact order limit', async () => {
    await withShop(
      async (app) => {
        const from = (ip: string, contact: Contact) => app.inject({ method: 'POST', url: '/fn/order/create', payload: body(contact), remoteAddress: ip });
        expect((await from('203.0.113.1', { email: 'meera@gmail.com' })).statusCode).toBe(200);
        expect((await from('203.0.113.2', { email: 'Meera+2@gmail.com' })).statusCode).toBe(200);
        const third = await from('203.0.113.3', { email: 'me.era+3@googlemail.com' });
        expect(third.statusCode).toBe(429);
        expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
        expect((await from('203.0.113.4', { phone: '98111 22233' })).statusCode).toBe(200);
        expect((await from('203.0.113.5', { phone: '098111-22233' })).statusCode).toBe(200);
        expect((await from('203.0.113.6', { phone: '9811122233' })).statusCode).toBe(429);
      },
      { orderRateLimit: { perAddress: 100, perContact: 2, windowMinutes: 10 } },
    );
  });

  it('keys the orders placed before this release the same way, so they still count', async () => {
    const { db, dispose } = await database.open({ migrateTo: '016-sale-details' });
    try {
      // an order and its coupon use as the release before wrote them: the key was the address in lower case, tag and all
      await db.kysely
        .insertInto('orders')
        .values({
          id: '01OLDORDER',
          number: 1001,
          user_id: null,
          status: 'placed',
          kind: 'order',
          delivery_mode: 'pickup',
          details: JSON.stringify({ personalDetails: { fullName: 'Asha', email: 'Asha+Old@Gmail.com', phone: { number: '', dialCode: '+91' } } }),
          shipping_slot_id: null,
          payment_type: 'pof',
          payment_status: 'to_collect',
          currency_code: 'INR',
          grand_total_minor: 47_452,
          tax_mode: 'inclusive',
          notification_token: 'old',
          coupon_code: 'ONCE',
          customer_key: 'email:asha+old@gmail.com',
          cancel_requested_at: null,
          created_at: NOW - 86_400_000,
          updated_at: NOW - 86_400_000,
        } as never)
        .execute();
      await db.kysely
        .insertInto('coupon_redemptions')
        .values({ order_id: '01OLDORDER', code: 'ONCE', customer: 'email:asha+old@gmail.com', redeemed_at: NOW - 86_400_000 })
        .execute();
      await migrate(db);
      const app = await buildTestApp(db, { config: shopConfig(), clock: () => NOW, authSecret: secret });
      try {
        await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).execute();
        expect(couponMessage(await quote(app, body({ email: 'asha@gmail.com' }, 'ONCE')))).toBe(NOT_VALID);
        expect(couponMessage(await quote(app, body({ email: 'asha@gmail.com' }, 'HELLO')))).toBe(NOT_VALID);
        expect((await quote(app, body({ email: 'ravi@gmail.com' }, 'HELLO'))).statusCode).toBe(200);
        // its keys, as the orders of this release are keyed
        const row = await db.kysely
          .selectFrom('orders')
          .select(['customer_key', 'email_key', 'phone_key'])
          .where('id', '=', '01OLDORDER')
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ customer_key: 'email:asha@gmail.com', email_key: 'email:asha@gmail.com', phone_key: null });
        const use = await db.kysely.selectFrom('coupon_redemptions').select('customer').where('order_id', '=', '01OLDORDER').executeTakeFirstOrThrow();
        expect(use.customer).toBe('email:asha@gmail.com');
      } finally {
        await app.close();
      }
    } finally {
      await dispose();
    }
  });
});
