import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './services/access-tokens.ts';
import { testDatabases } from './testing/databases.ts';
import { testPersonal, testShipping, testShopConfig } from './testing/fixtures.ts';
import { checkoutOrder, countOrders, placeOrder } from './testing/orders.ts';
import { useTestApp } from './testing/test-app.ts';
import { addUser } from './testing/users.ts';

/**
 * Names, addresses and e-mails reach the owner's board, slips, e-mails and customer list: a
 * right-to-left override there makes "Asha\u202Egnp.exe" read "Ashaexe.png", a zero-width
 * space makes a second "asha@example.com". They are refused (400, the field named) before
 * anything is kept, while the joiners Hindi and the other scripts of India write inside a
 * word are taken (decision 074).
 */
const RLO = '\u202E';
const ZWSP = '\u200B';
const HIDDEN = 'This holds a hidden character (a text-direction mark, a zero-width or a control character). Please type it again.';
/** Lakshmi with a half क (zero-width joiner), and Arjun with a visible virama (zero-width non-joiner). */
const LAKSHMI = 'लक्\u200Dष्मी राव';
const ARJUN = 'अर्\u200Cजुन';

const secret = randomBytes(32);
const shopConfig = () => ({ ...testShopConfig(), payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] } });

describe.each(testDatabases)('names, addresses and e-mails with hidden characters, on $name', (database) => {
  const t = useTestApp(database, { config: shopConfig(), authSecret: secret, codesInLog: true });
  const tokens = createAccessTokens(secret);
  const usersNamed = async (name: string) => (await t.db.kysely.selectFrom('users').select('id').where('name', '=', name).execute()).length;
  const refusal = (path: string) => ({ error: 'bad_request', fields: [{ path, message: HIDDEN }] });

  /** Asha's order delivered to her address, as the checkout sends it, but for what `change` says. */
  const order = (change: { personal?: object; shipping?: object; note?: string } = {}) =>
    checkoutOrder({
      deliveryMode: 'ship',
      personalDetails: { ...testPersonal(), phone: { number: '9800000001', dialCode: '+91' }, ...change.personal },
      shippingDetails: { ...testShipping(), ...change.shipping },
      ...(change.note === undefined ? {} : { note: change.note }),
    });

  it('refuses an order whose name, e-mail or address holds an override or a zero-width space, and keeps no order', async () => {
    for (const [body, path] of [
      [order({ personal: { fullName: `Asha${RLO}gnp.exe` } }), 'order.personalDetails.fullName'],
      [order({ personal: { email: `asha${ZWSP}@example.com` } }), 'order.personalDetails.email'],
      [order({ shipping: { fullName: `Asha${ZWSP} Rao` } }), 'order.shippingDetails.fullName'],
      [order({ shipping: { streetName: `12 MG Road${RLO}` } }), 'order.shippingDetails.streetName'],
      [order({ shipping: { city: 'Bengaluru\nSecond line' } }), 'order.shippingDetails.city'],
      [order({ note: `Ring the bell ${RLO}twice` }), 'order.note'],
    ] as const) {
      const res = await placeOrder(t.app, body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject(refusal(path));
    }
    expect(await countOrders(t.db)).toBe(0);
  });

  it('takes an order for a Hindi name with a zero-width joiner, and a note of several lines, and keeps them as typed', async () => {
    const res = await placeOrder(
      t.app,
      order({ personal: { fullName: LAKSHMI }, shipping: { fullName: LAKSHMI }, note: 'Ring twice.\nLeave it at the gate.' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { details } = res.json<{ order: { details: { personalDetails: { fullName: string }; shippingDetails: { fullName: string }; note: string } } }>()
      .order;
    expect(details.personalDetails.fullName).toBe(LAKSHMI);
    expect(details.shippingDetails.fullName).toBe(LAKSHMI);
    expect(details.note).toBe('Ring twice.\nLeave it at the gate.');
  });

  it('refuses a sign-up whose name or e-mail holds an override or a zero-width space, and keeps no account', async () => {
    for (const [body, path] of [
      [{ name: `Asha${RLO}gnp.exe`, email: 'asha.rlo@example.com', password: 'tamarind sunrise' }, 'name'],
      [{ name: 'Asha Rao', email: `asha${ZWSP}@example.com`, password: 'tamarind sunrise' }, 'email'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/email/signup', payload: body });
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject({ fields: [{ path, message: HIDDEN }] });
    }
    expect(await usersNamed(`Asha${RLO}gnp.exe`)).toBe(0);
    expect(await usersNamed('Asha Rao')).toBe(0);
  });

  it('signs up a Hindi name with a zero-width non-joiner', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/signup',
      payload: { name: ARJUN, email: 'arjun@example.com', password: 'tamarind sunrise' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usersNamed(ARJUN)).toBe(1);
  });

  it('refuses such a name for an account and such an address for its address book, changing neither', async () => {
    const token = await addUser(t.db, tokens, { id: 'u-meera', role: 'customer', name: 'Meera' });
    const auth = { authorization: `Bearer ${token}` };
    const rename = await t.app.inject({ method: 'POST', url: '/api/user/updateName', headers: auth, payload: { newName: `Meera${ZWSP}` } });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toMatchObject({ fields: [{ path: 'newName', message: HIDDEN }] });
    expect(await usersNamed('Meera')).toBe(1);
    const saved = await t.app.inject({ method: 'POST', url: '/api/user/addresses', headers: auth, payload: { ...testShipping(), city: `Pune${RLO}` } });
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({ fields: [{ path: 'city', message: HIDDEN }] });
    expect((await t.app.inject({ url: '/api/user/addresses', headers: auth })).json()).toEqual([]);
    // a Hindi name is a name
    const hindi = await t.app.inject({ method: 'POST', url: '/api/user/updateName', headers: auth, payload: { newName: LAKSHMI } });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.json().user.name).toBe(LAKSHMI);
  });

  it('refuses a newsletter address with an override, and subscribes nobody', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: `asha${RLO}@example.com` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('email');
    expect(await t.db.kysely.selectFrom('newsletter_subscribers').select('email').execute()).toEqual([]);
  });
});
