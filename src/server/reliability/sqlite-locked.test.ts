import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { pickupShopConfig } from '../testing/fixtures.ts';
import { checkoutOrder, countOrders, placeOrder } from '../testing/orders.ts';
import { buildTestApp } from '../testing/test-app.ts';

const sqlite = testDatabases.find((d) => d.name === 'sqlite')!;

/**
 * Issue 37: another process (an owner's command in a long import, a backup tool) holds
 * SQLite's write lock for longer than the shop's busy_timeout (5 s). The shop's write gives up:
 * that is a fault that passes, not a bug, so the shopper is told to try again.
 */
describe('the SQLite file locked by another process', () => {
  it('answers an order 503 with Retry-After while the write lock stays taken, and places it once when the shopper retries', async () => {
    const { db, location, dispose } = await sqlite.open();
    const app = await buildTestApp(db, { config: pickupShopConfig() });
    const other = new SQLite(path.join(location.dataDir, 'shop.sqlite'));
    try {
      const headers = { 'idempotency-key': 'locked-file-order-1' };
      other.exec('begin immediate');
      const refused = await placeOrder(app, checkoutOrder(), headers);
      expect([refused.statusCode, refused.json().error, refused.headers['retry-after']]).toEqual([503, 'unavailable', '2']);
      other.exec('rollback');

      const placed = await placeOrder(app, checkoutOrder(), headers);
      expect(placed.statusCode).toBe(200);
      expect(placed.headers['idempotent-replayed']).toBeUndefined();
      expect(await countOrders(db)).toBe(1);
    } finally {
      other.close();
      await app.close();
      await dispose();
    }
  }, 30_000);
});
