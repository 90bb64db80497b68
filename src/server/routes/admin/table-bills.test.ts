import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { taxedShopConfig } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { useOwnerAndCustomer } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

/** A Pune café registered for GST, 5 % on top, with four tables asking for their codes. */
const cafe = () => ({
  ...taxedShopConfig(),
  timeZone: 'Asia/Kolkata',
  gst: { gstin: '27AAPFU0939F1ZV', legalName: 'Pune Bakes Private Limited', address: '14 FC Road\nPune 411004' },
  dineInConfig: { dineInEnabled: true },
  dineSpaces: [
    { id: 'table-1', name: 'Table 1' },
    { id: 'patio', name: 'Patio' },
    { id: 'bar', name: 'Bar' },
    { id: 'window', name: 'Window' },
  ],
});

type Round = { id: string; number: number; token?: string };
type Bill = { id: string; total: number; due: number; rounds: Array<{ id: string; number: number; status: string; paymentStatus: string; total: number }> };

describe.each(testDatabases)("a table's bill across rounds, on $name", (database) => {
  const shop = useTestApp(database, { config: cafe(), authSecret: secret });
  const token = useOwnerAndCustomer(shop, tokens);
  const as = (user: string | null) => (user ? { authorization: `Bearer ${token[user]}` } : {});
  const call = (method: 'GET' | 'POST', url: string, payload?: object, user: string | null = 'priya') =>
    shop.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
  const tables = async () => (await call('GET', '/admin/api/tables')).json<{ tables: Array<{ id: string; code: string; bill: Bill | null }> }>().tables;
  const billOf = async (table: string) => (await tables()).find((t) => t.id === table)!.bill;

  /** A round a diner sends from the table's QR code: mango by the kg, paid at the end. */
  async function fromTheTable(table: string, kg: number): Promise<Round> {
    const code = (await tables()).find((t) => t.id === table)!.code;
    const res = await shop.app.inject({
      method: 'POST',
      url: '/fn/order/create',
      payload: {
        sfId: 'test-shop',
        order: {
          items: [{ id: 'mango', qty: kg }],
          deliveryMode: 'dine',
          personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '', dialCode: '+91' } },
          dineInDetails: { spaceId: table, value: '', code },
          paymentType: 'pof',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    return { id: res.json().orderId, number: res.json().order.number, token: res.json().notificationToken };
  }
  /** A round the staff key in at the table, to be paid with the rest. */
  async function byTheStaff(table: string, kg: number): Promise<Round> {
    const res = await call('POST', '/admin/api/orders', {
      sfId: 'test-shop',
      channel: 'counter',
      order: { items: [{ id: 'mango', qty: kg }], deliveryMode: 'dine', dineInDetails: { spaceId: table, value: '' } },
    });
    expect(res.statusCode).toBe(200);
    return { id: res.json().orderId, number: res.json().order.number };
  }
  const accept = async (round: Round) => expect((await call('POST', `/admin/api/orders/${round.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
  const settle = (bill: string, body: object, user: string | null = 'priya') => call('POST', `/admin/api/bills/${bill}/settle`, body, user);
  const orderOf = async (round: Round) => (await call('GET', `/admin/api/orders/${round.id}`)).json().order;

  it('adds up the rounds of a table, from its QR code and from the staff, to one bill that is settled once, with one invoice', async () => {
    // 1 kg of mango is ₹320 + 5 % = ₹336 at a table (no delivery or packing); ½ kg ₹168; ¼ kg ₹84
    const first = await fromTheTable('table-1', 1);
    const second = await byTheStaff('table-1', 0.5);
    await accept(first);
    const seen = await billOf('table-1');
    expect(seen).toMatchObject({
      total: 504,
      due: 504,
      rounds: [
        { number: first.number, status: 'confirmed', paymentStatus: 'to_collect', total: 336 },
        { number: second.number, status: 'confirmed', paymentStatus: 'to_collect', total: 168 },
      ],
    });
    expect(await billOf('patio')).toBeNull();
    // a round's invoice is the bill's, issued when the bill is settled
    expect((await call('GET', `/admin/api/orders/${first.id}/invoice`)).statusCode).toBe(404);

    // a third round comes while the staff look at ₹504: that bill is stale
    const third = await fromTheTable('table-1', 0.25);
    const stale = await settle(seen!.id, { paymentType: 'cash', due: 504 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'bill_changed', bill: { due: 588, total: 588 } });
    const waiting = await settle(seen!.id, { paymentType: 'cash', due: 588 });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ error: 'round_not_accepted', numbers: [third.number] });
    expect((await orderOf(first)).paymentStatus).toBe('to_collect');

    // the diners see the table's running bill beside their order: every round's number and total, theirs marked
    const guestView = async (round: Round) =>
      (await shop.app.inject({ method: 'GET', url: `/api/guest/order/${round.id}`, headers: { authorization: `Bearer ${round.token}` } })).json().bill;
    expect(await guestView(third)).toEqual({
      status: 'open',
      table: 'Table 1',
      rounds: [
        { number: first.number, status: 'confirmed', total: 336, mine: false },
        { number: second.number, status: 'confirmed', total: 168, mine: false },
        { number: third.number, status: 'placed', total: 84, mine: true },
      ],
      total: 588,
      due: 588,
    });

    await accept(third);
    const settled = await settle(seen!.id, { paymentType: 'card', due: 588, paymentReference: 'slip 4411' });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toEqual({ settled: true, paid: 588, total: 588, invoiced: true });
    const numbers: string[] = [];
    for (const round of [first, second, third]) {
      expect(await orderOf(round)).toMatchObject({ status: 'served', paymentStatus: 'paid', paymentType: 'card' });
      const invoice = await call('GET', `/admin/api/orders/${round.id}/invoice`);
      expect(invoice.statusCode).toBe(200);
      numbers.push(invoice.json().number);
      expect(invoice.json().html).toContain(`Orders #${first.number}, #${second.number}, #${third.number}`);
      expect(invoice.json().html.match(/Alphonso Mango/g)).toHaveLength(3);
    }
    expect(new Set(numbers).size).toBe(1);
    expect(await shop.db.kysely.selectFrom('invoices').select('number').execute()).toHaveLength(1);
    // each round was paid by the bill's one payment, audited under the owner
    const paid = await shop.db.kysely.selectFrom('payments').select(['provider', 'amount_minor', 'reference']).where('status', '=', 'paid').execute();
    expect(paid.map((p) => [p.provider, p.amount_minor, p.reference]).sort()).toEqual([
      ['card', 16800, 'slip 4411'],
      ['card', 33600, 'slip 4411'],
      ['card', 8400, 'slip 4411'],
    ]);

    expect(await guestView(first)).toMatchObject({ status: 'settled', total: 588, due: 0 });
    expect(await billOf('table-1')).toBeNull();
    const again = await settle(seen!.id, { paymentType: 'cash', due: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('bill_closed');

    // the next party at the table starts a bill of their own
    const next = await fromTheTable('table-1', 1);
    const theirs = await billOf('table-1');
    expect(theirs!.id).not.toBe(seen!.id);
    expect(theirs!.rounds.map((r) => r.number)).toEqual([next.number]);
  });

  it('closes the bill of a party that paid round by round and was served, with its invoice, when the next party orders', async () => {
    const round = await byTheStaff('bar', 1);
    expect((await call('POST', `/admin/api/orders/${round.id}/paid`, {})).statusCode).toBe(200);
    expect((await call('POST', `/admin/api/orders/${round.id}/status`, { status: 'served' })).statusCode).toBe(200);
    const theirs = await billOf('bar');
    expect(theirs).toMatchObject({ total: 336, due: 0 });
    const next = await fromTheTable('bar', 0.5);
    const nextBill = await billOf('bar');
    expect(nextBill!.id).not.toBe(theirs!.id);
    expect(nextBill!.rounds.map((r) => r.number)).toEqual([next.number]);
    const invoice = await call('GET', `/admin/api/orders/${round.id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json().html).toContain(`Order #${round.number}`);
  });

  it('puts rounds sent at the same moment from one table on one bill', async () => {
    const rounds = await Promise.all([1, 2, 3, 4, 5].map(() => fromTheTable('patio', 0.25)));
    const bill = await billOf('patio');
    expect(bill!.rounds.map((r) => r.number).sort()).toEqual(rounds.map((r) => r.number).sort());
    expect(bill!.due).toBe(5 * 84);
  });

  it('refuses a bill nobody has and a payment it cannot take, changing nothing; to a shopper or a guest it does not exist', async () => {
    const bill = (await billOf('patio'))!;
    expect((await settle('01JZNOSUCHBILL', { paymentType: 'cash', due: 1 })).statusCode).toBe(404);
    for (const body of [{ paymentType: 'bitcoin', due: bill.due }, { paymentType: 'cash', due: -1 }, { paymentType: 'cash' }, { due: bill.due }]) {
      const res = await settle(bill.id, body);
      expect(res.statusCode).toBe(400);
    }
    for (const user of [null, 'asha']) {
      expect((await settle(bill.id, { paymentType: 'cash', due: bill.due }, user)).statusCode).toBe(404);
      expect((await call('GET', '/admin/api/tables', undefined, user)).statusCode).toBe(404);
    }
    expect(await billOf('patio')).toEqual(bill);
  });

  it('moves a bill to a free table, whose next rounds join it; a table with a bill of its own, or a settled bill, is refused and nothing moves', async () => {
    const moving = (await billOf('bar'))!;
    const move = (bill: string, spaceId: string) => call('POST', `/admin/api/bills/${bill}/move`, { spaceId });
    const busy = await move(moving.id, 'table-1');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: 'table_busy', message: 'Table 1 has an open bill of its own: settle it first.' });
    expect((await move(moving.id, 'kitchen')).statusCode).toBe(400);
    expect((await move('01JZNOSUCHBILL', 'window')).statusCode).toBe(404);
    const settled = await shop.db.kysely.selectFrom('table_bills').select('id').where('status', '=', 'settled').executeTakeFirstOrThrow();
    expect((await move(settled.id, 'window')).json().error).toBe('bill_closed');
    expect(await billOf('bar')).toEqual(moving);

    const moved = await move(moving.id, 'window');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ moved: true, table: 'Window' });
    expect(await billOf('bar')).toBeNull();
    const more = await fromTheTable('window', 0.25);
    const there = (await billOf('window'))!;
    expect(there.id).toBe(moving.id);
    expect(there.rounds.map((r) => r.number)).toEqual([...moving.rounds.map((r) => r.number), more.number]);
  });
});
