import { closeSync, fdatasync, fstat, openSync } from 'node:fs';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * `fdatasync` of SQLite's write-ahead log on libuv's thread pool, off the event loop
 * (decision 065): what `synchronous = FULL` does inside each commit, where better-sqlite3
 * waited for the disk on the event loop. The commits that ask while one sync runs share
 * the next one; each sync is started after the commits it answers for, so their frames are
 * in it. A WAL removed and made again (the last connection closed it; ours is open, so
 * not expected) is found by its link count and the new one synced too.
 */
export function walSyncer(walFile: string): { sync: () => Promise<void>; close: () => void } {
  let fd: number | null = null;
  let running = false;
  let waiting: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  const syncOnce = (done: (err: NodeJS.ErrnoException | null) => void) => {
    try {
      fd ??= openSync(walFile, 'r');
    } catch (err) {
      done(err as NodeJS.ErrnoException);
      return;
    }
    const at = fd;
    fdatasync(at, (err) => {
      if (err) return done(err);
      fstat(at, (statErr, stats) => {
        if (statErr) return done(statErr);
        if (stats.nlink > 0) return done(null);
        closeSync(at);
        if (fd === at) fd = null;
        syncOnce(done);
      });
    });
  };
  const next = () => {
    if (running || !waiting.length) return;
    running = true;
    const batch = waiting;
    waiting = [];
    syncOnce((err) => {
      running = false;
      for (const w of batch) {
        if (err) w.reject(err);
        else w.resolve();
      }
      next();
    });
  };
  return {
    sync: () =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        next();
      }),
    close: () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/** At most this many orders share a commit, so none waits long behind the others. */
const GROUP_LIMIT = 64;

/**
 * `Db.write` on SQLite: the transactions asked for while one commits share the next (see Db).
 * A group commits with `synchronous = NORMAL` (the WAL written, not yet synced) and is
 * answered once `durable` (the WAL's `fdatasync`, off the event loop) says its frames are
 * on disk; meanwhile the event loop takes the next requests, and the orders they ask for
 * gather into the next group, which starts after the sync (a group per sync, as many orders
 * in it as the sync's time brings). Every other write keeps `synchronous = FULL`.
 */
export function groupCommit(kysely: Kysely<Database>, durable: () => Promise<void>): <T>(fn: (trx: Transaction<Database>) => Promise<T>) => Promise<T> {
  type Waiting = { fn: (trx: Transaction<Database>) => Promise<unknown>; resolve: (value: unknown) => void; reject: (err: unknown) => void };
  type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };
  let queue: Waiting[] = [];
  let running = false;
  /** The group's transactions in one transaction (a savepoint each when there are several): their outcomes, or the commit's error. */
  const commit = (group: Waiting[]): Promise<Outcome[]> =>
    kysely.connection().execute(async (conn) => {
      await sql`pragma synchronous = normal`.execute(conn);
      try {
        return await conn.transaction().execute(async (trx) => {
          const outcomes: Outcome[] = [];
          if (group.length === 1) {
            // alone: no savepoint needed; an error rolls the transaction back
            outcomes.push({ ok: true, value: await group[0]!.fn(trx) });
            return outcomes;
          }
          for (const w of group) {
            await sql`savepoint one_write`.execute(trx);
            try {
              outcomes.push({ ok: true, value: await w.fn(trx) });
            } catch (err) {
              // an error SQLite ends the whole transaction for (a full disk, an I/O error) left no savepoint: the group fails with it
              await sql`rollback to one_write`.execute(trx).catch(() => {
                throw err;
              });
              outcomes.push({ ok: false, err });
            }
            await sql`release one_write`.execute(trx);
          }
          return outcomes;
        });
      } finally {
        await sql`pragma synchronous = full`.execute(conn);
      }
    });
  const run = async () => {
    running = true;
    while (queue.length) {
      const group = queue.slice(0, GROUP_LIMIT);
      queue = queue.slice(GROUP_LIMIT);
      let outcomes: Outcome[];
      try {
        outcomes = await commit(group);
      } catch (err) {
        // the commit (or a rollback to a savepoint, or the one write of a group of one) failed: none of the group is written
        for (const w of group) w.reject(err);
        continue;
      }
      // answered once on disk; meanwhile the event loop is free, and what is asked for gathers into the next group
      try {
        await durable();
      } catch (err) {
        for (const w of group) w.reject(err);
        continue;
      }
      group.forEach((w, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) w.resolve(outcome.value);
        else w.reject(outcome.err);
      });
    }
    running = false;
  };
  return <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      // the writes asked for in this turn of the event loop go together
      if (!running) {
        running = true;
        setImmediate(() => void run());
      }
    });
}
