import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderRequestSchema } from '../../../domain/order.ts';
import { shopConfigSchema } from '../../../domain/shop-config.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testCatalog, testShopConfig } from '../../testing/fixtures.ts';
import { migrate, openDatabase, type Db } from '../database.ts';
import { createCatalogRepository } from './catalog-repository.ts';
import { createOrderRepository } from './order-repository.ts';

const shop = shopConfigSchema.parse({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});
const order = (qty = 1) =>
  orderRequestSchema.parse({
    sfId: 'test-shop',
    order: { items: [{ id: 'tee-red-m', qty }], deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao' }, paymentType: 'pof' },
  });

async function withStock(db: Db, units: number) {
  await createCatalogRepository(db, 2).replace(testCatalog());
  await db.kysely
    .updateTable('products')
    .set({ stock_milli: units * 1000 })
    .where('id', '=', 'tee-red-m')
    .execute();
}

async function numbersOf(db: Db): Promise<number[]> {
  return (await db.kysely.selectFrom('orders').select('number').orderBy('number').execute()).map((r) => r.number);
}

describe.each(testDatabases)('order numbers on $name', (database) => {
  it('the first order of a shop is #1001 and each next one a number higher, with no gap where an order was refused', async () => {
    const { db, dispose } = await database.open();
    try {
      await withStock(db, 3);
      const orders = createOrderRepository(db);
      const placed = async (qty: number) => {
        const result = await orders.place(order(qty), shop);
        return result.ok ? result.order.number : result.reason;
      };
      expect(await placed(1)).toBe(1001);
      // more than is left: refused, and its transaction gives the number back
      expect(await placed(5)).toBe('out_of_stock');
      expect(await placed(1)).toBe(1002);
      const id = await orders.findId('#1002');
      expect(id).not.toBeNull();
      expect((await orders.view(id!))?.number).toBe(1002);
      expect(await orders.findId('1002')).toBe(id);
      expect(await orders.findId(id!)).toBe(id);
      expect(await orders.findId('#999')).toBeNull();
    } finally {
      await dispose();
    }
  });

  it(`orders placed at the same moment${database.name === 'postgres' ? ', through two pools as two instances would,' : ''} get distinct numbers with no gaps`, async () => {
    const opened = await database.open();
    // PostgreSQL: a second instance of the shop, its own pool on the same database. SQLite
    // serves one instance (decision 026): its orders queue on its one connection.
    const other = database.name === 'postgres' ? openDatabase({ databaseUrl: opened.location.databaseUrl, dataDir: opened.location.dataDir }) : opened.db;
    try {
      await withStock(opened.db, 1000);
      const [one, two] = [createOrderRepository(opened.db), createOrderRepository(other)];
      const each = 20;
      const results = await Promise.all(Array.from({ length: each * 2 }, (_, i) => (i % 2 ? one : two).place(order(), shop)));
      expect(results.every((r) => r.ok)).toBe(true);
      const expected = Array.from({ length: each * 2 }, (_, i) => 1001 + i);
      expect(results.map((r) => (r.ok ? r.order.number : 0)).sort((a, b) => a - b)).toEqual(expected);
      expect(await numbersOf(opened.db)).toEqual(expected);
    } finally {
      if (other !== opened.db) await other.close();
      await opened.dispose();
    }
  });

  it('orders placed before numbers existed are numbered from #1001 in the order they came, and new ones follow', async () => {
    const { db, dispose } = await database.open({ migrateTo: '005-owner' });
    try {
      const at = (minute: number) => Date.UTC(2026, 10, 24, 9, minute);
      // written as the release before this one wrote them, out of order on purpose
      for (const [id, minute] of [
        ['01B', 5],
        ['01A', 1],
        ['01C', 9],
      ] as const) {
        await db.kysely
          .insertInto('orders')
          .values({
            id,
            user_id: null,
            status: 'placed',
            kind: 'order',
            delivery_mode: 'pickup',
            details: '{}',
            shipping_slot_id: null,
            payment_type: 'pof',
            payment_status: 'to_collect',
            currency_code: 'INR',
            grand_total_minor: 100,
            notification_token: id,
            coupon_code: null,
            cancel_requested_at: null,
            created_at: at(minute),
            updated_at: at(minute),
          } as never)
          .execute();
      }
      await migrate(db);
      const rows = await db.kysely.selectFrom('orders').select(['id', 'number']).orderBy('number').execute();
      expect(rows).toEqual([
        { id: '01A', number: 1001 },
        { id: '01B', number: 1002 },
        { id: '01C', number: 1003 },
      ]);
      await withStock(db, 5);
      const next = await createOrderRepository(db).place(order(), shop);
      expect(next.ok && next.order.number).toBe(1004);
    } finally {
      await dispose();
    }
  });
});

describe('SQLite with the command line writing beside the server', () => {
  it('an order placed while another process holds the write lock waits for it and gets the next number', async () => {
    const sqlite = testDatabases.find((d) => d.name === 'sqlite')!;
    const { db, location, dispose } = await sqlite.open();
    try {
      await withStock(db, 5);
      const orders = createOrderRepository(db);
      const first = await orders.place(order(), shop);
      expect(first.ok && first.order.number).toBe(1001);
      // another process (as the owner's command would) takes the write lock, writes, and commits 300 ms later
      const file = path.join(location.dataDir, 'shop.sqlite');
      const script = `const db = require('better-sqlite3')(${JSON.stringify(file)}); db.exec('begin immediate'); db.prepare("update shop_meta set value = value where key = 'catalog_version'").run(); console.log('locked'); setTimeout(() => { db.exec('commit'); db.close(); }, 300);`;
      const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      // listened for from the start: the order is answered after its commit is synced, off the event loop, so the child may be gone by then
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const second = await orders.place(order(), shop);
      expect(second.ok && second.order.number).toBe(1002);
      await exited;
    } finally {
      await dispose();
    }
  });
});
