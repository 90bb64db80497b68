import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { groupCommit } from './group-commit.ts';

/**
 * `Db.write`, the order's transaction: on SQLite the writes asked for at the same moment
 * share one commit (decision 054). Each must still be all or nothing on its own, and each
 * caller must get its own answer.
 */
describe.each(testDatabases)('Db.write on $name', (database) => {
  it('writes asked for together keep their own outcome: one that fails leaves nothing, the others are all there', async () => {
    const { db, dispose } = await database.open();
    try {
      const put = (key: string, fail: boolean) =>
        db.write(async (trx) => {
          await trx.insertInto('shop_meta').values({ key, value: 'written' }).execute();
          await trx
            .insertInto('shop_meta')
            .values({ key: `${key}-second`, value: 'written' })
            .execute();
          if (fail) throw new Error(`${key} refused`);
          return key;
        });
      // asked for in one turn of the event loop: on SQLite, one group
      const outcomes = await Promise.allSettled([put('w1', false), put('w2', true), put('w3', false), put('w4', true), put('w5', false)]);
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['w1', 'w2 refused', 'w3', 'w4 refused', 'w5']);
      const rows = await db.kysely.selectFrom('shop_meta').select('key').where('key', 'like', 'w%').orderBy('key').execute();
      expect(rows.map((r) => r.key)).toEqual(['w1', 'w1-second', 'w3', 'w3-second', 'w5', 'w5-second']);
    } finally {
      await dispose();
    }
  });

  it('a write the database refuses fails alone', async () => {
    const { db, dispose } = await database.open();
    try {
      const put = (key: string) => db.write(async (trx) => void (await trx.insertInto('shop_meta').values({ key, value: 'written' }).execute()));
      // the same key twice: whichever insert comes second breaks the primary key (on PostgreSQL the two
      // run on two connections, so either may be first); the third write is not touched by it
      const [first, second, other] = (await Promise.allSettled([put('k1'), put('k1'), put('k2')])).map((o) => o.status);
      expect([first, second].sort()).toEqual(['fulfilled', 'rejected']);
      expect(other).toBe('fulfilled');
      const rows = await db.kysely.selectFrom('shop_meta').select('key').where('key', 'in', ['k1', 'k2']).orderBy('key').execute();
      expect(rows.map((r) => r.key)).toEqual(['k1', 'k2']);
    } finally {
      await dispose();
    }
  });

  it.runIf(database.name === 'sqlite')('a shared commit that fails fails every write of its group, and none is kept', async () => {
    const { db, dispose } = await database.open();
    try {
      const put = (key: string) => db.write(async (trx) => void (await trx.insertInto('shop_meta').values({ key, value: 'written' }).execute()));
      // a cart line of a user that does not exist, its foreign key checked only at the commit
      const breaksTheCommit = db.write(async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await trx.insertInto('cart_lines').values({ user_id: 'nobody', product_id: 'tee-red-m', qty_milli: 1000, updated_at: 0 }).execute();
      });
      const outcomes = await Promise.allSettled([put('c1'), breaksTheCommit, put('c2')]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(await db.kysely.selectFrom('shop_meta').select('key').where('key', 'in', ['c1', 'c2']).execute()).toEqual([]);
      // and the next write goes through
      await put('c3');
      expect(await db.kysely.selectFrom('shop_meta').select('key').where('key', '=', 'c3').execute()).toEqual([{ key: 'c3' }]);
    } finally {
      await dispose();
    }
  });
});

/**
 * SQLite's group commit syncs the WAL off the event loop (decision 065): a write is answered
 * only once the sync after its commit has returned, a failed sync fails its group, and what
 * is asked for while a sync runs goes into the next group, one commit and one sync for all.
 */
describe('Db.write on SQLite, synced off the event loop', () => {
  const sqlite = testDatabases.find((d) => d.name === 'sqlite')!;
  /** A sync the test ends by hand; `started` resolves when the group commit asks for it. */
  const manualSyncs = () => {
    const syncs: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
    let asked: () => void = () => undefined;
    return {
      syncs,
      durable: () =>
        new Promise<void>((resolve, reject) => {
          syncs.push({ resolve, reject });
          asked();
        }),
      /** Resolves once `n` syncs have been asked for. */
      asked: (n: number) =>
        new Promise<void>((resolve) => {
          const check = () => (syncs.length >= n ? resolve() : undefined);
          asked = check;
          check();
        }),
    };
  };
  const put = (write: ReturnType<typeof groupCommit>, key: string) =>
    write(async (trx) => {
      await trx.insertInto('shop_meta').values({ key, value: 'written' }).execute();
      return key;
    });

  it('answers a write only after its sync, and a failed sync fails the write', async () => {
    const { db, dispose } = await sqlite.open();
    try {
      const sync = manualSyncs();
      const write = groupCommit(db.kysely, sync.durable);
      let answered = false;
      const first = put(write, 's1').then((v) => ((answered = true), v));
      await sync.asked(1);
      // committed (another reader sees it) but not answered until the sync returns
      expect(await db.kysely.selectFrom('shop_meta').select('key').where('key', '=', 's1').execute()).toEqual([{ key: 's1' }]);
      expect(answered).toBe(false);
      sync.syncs[0]!.resolve();
      expect(await first).toBe('s1');

      const second = put(write, 's2');
      await sync.asked(2);
      sync.syncs[1]!.reject(new Error('disk gone'));
      await expect(second).rejects.toThrow('disk gone');
    } finally {
      await dispose();
    }
  });

  it('gathers what is asked for during a sync into the next group: one more sync for all of it', async () => {
    const { db, dispose } = await sqlite.open();
    try {
      const sync = manualSyncs();
      const write = groupCommit(db.kysely, sync.durable);
      const first = put(write, 'g1');
      await sync.asked(1);
      const later = [put(write, 'g2'), put(write, 'g3'), put(write, 'g4')];
      sync.syncs[0]!.resolve();
      await first;
      await sync.asked(2);
      sync.syncs[1]!.resolve();
      expect(await Promise.all(later)).toEqual(['g2', 'g3', 'g4']);
      expect(sync.syncs).toHaveLength(2);
    } finally {
      await dispose();
    }
  });
});
