import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { PushSubscriptionJson } from '../../../domain/push-subscription.ts';
import type { Db } from '../database.ts';

export type StoredSubscription = PushSubscriptionJson & { id: string; deviceId: string };
export type DeviceView = { id: string; push: boolean; updatedAt: number };
/** A registration: done (with the secret the browser must keep, when one was made here now), or refused for want of the device's secret. */
export type Registration = { ok: true; secret: string | null } | { ok: false };

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Devices (§3 Device record) and their push subscriptions (§7 updateFcmToken). A
 * device is the user's who last registered it while logged in; registering it without a
 * user (logout) attaches none. User-scoped reads and removals find nothing of another
 * user's, exactly like a missing device.
 *
 * A device id is no secret (every analytics event carries it), so a device is bound to
 * the browser that registered it first (issue 20) by a random secret, kept here only as
 * its SHA-256, which every later registration must bring back. The browser makes the
 * secret and keeps it before its first registration goes, so an answer the browser never
 * reads (the shopper moved on) loses nothing (issue 25); a registration that brings none
 * (a browser from before) is given one made here. A device from before secrets is bound
 * at its next registration.
 */
export function createDeviceRepository(db: Db) {
  const { kysely } = db;
  return {
    /**
     * Records the device for the user (or none) and, when given, its push subscription;
     * one transaction, and nothing changes without the device's secret. `secret` is the
     * browser's: it binds a new device, and must match a bound one.
     */
    async register(
      input: { deviceId: string; userId: string | null; subscription: PushSubscriptionJson | null; secret: string | null },
      now = Date.now(),
    ): Promise<Registration> {
      const { deviceId, userId, subscription } = input;
      return kysely.transaction().execute(async (trx) => {
        // the secret that binds a device not bound yet: the browser's, or one made here for a browser that brought none
        const made = input.secret === null ? randomBytes(32).toString('base64url') : null;
        const binding = input.secret ?? made!;
        const created = await trx
          .insertInto('devices')
          .values({ id: deviceId, user_id: userId, record: '{}', created_at: now, updated_at: now, secret_hash: hash(binding) })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        let bound = Number(created.numInsertedOrUpdatedRows) === 1;
        if (!bound) {
          // a device from before secrets: the first to come binds it (the conditional update decides who)
          const claimed = await trx
            .updateTable('devices')
            .set({ secret_hash: hash(binding) })
            .where('id', '=', deviceId)
            .where('secret_hash', 'is', null)
            .executeTakeFirst();
          bound = Number(claimed.numUpdatedRows) === 1;
          // a secret made here matches only the device it has just bound
          const moved = await trx
            .updateTable('devices')
            .set({ user_id: userId, updated_at: now })
            .where('id', '=', deviceId)
            .where('secret_hash', '=', hash(binding))
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) return { ok: false };
        }
        // the device's subscriptions follow its user: none after logout
        await trx.updateTable('push_subscriptions').set({ user_id: userId }).where('device_id', '=', deviceId).execute();
        if (subscription) {
          const keys = JSON.stringify(subscription.keys);
          await trx
            .insertInto('push_subscriptions')
            .values({ id: ulid(now), device_id: deviceId, user_id: userId, endpoint: subscription.endpoint, keys, created_at: now })
            .onConflict((oc) => oc.column('endpoint').doUpdateSet({ device_id: deviceId, user_id: userId, keys }))
            .execute();
        }
        return { ok: true, secret: bound ? made : null };
      });
    },

    /** Where to push for the user: every subscription of the devices they are logged in on. */
    async subscriptionsOf(userId: string): Promise<StoredSubscription[]> {
      const rows = await kysely
        .selectFrom('push_subscriptions')
        .select(['id', 'device_id', 'endpoint', 'keys'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({ id: r.id, deviceId: r.device_id, endpoint: r.endpoint, keys: JSON.parse(r.keys) as PushSubscriptionJson['keys'] }));
    },

    /** A subscription the push service says is gone (404 or 410). */
    async removeSubscription(id: string): Promise<void> {
      await kysely.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    async listForUser(userId: string): Promise<DeviceView[]> {
      const rows = await kysely
        .selectFrom('devices')
        .leftJoin('push_subscriptions', (j) => j.onRef('push_subscriptions.device_id', '=', 'devices.id').on('push_subscriptions.user_id', '=', userId))
        .select(['devices.id', 'devices.updated_at', 'push_subscriptions.id as subscription'])
        .where('devices.user_id', '=', userId)
        .orderBy('devices.updated_at', 'desc')
        .execute();
      const seen = new Map<string, DeviceView>();
      for (const r of rows) {
        const prev = seen.get(r.id);
        seen.set(r.id, { id: r.id, updatedAt: r.updated_at, push: (prev?.push ?? false) || r.subscription !== null });
      }
      return [...seen.values()];
    },

    /** The user stops push to one of their devices and detaches it; false when it is not theirs. */
    async forget(userId: string, deviceId: string, now = Date.now()): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('devices')
          .set({ user_id: null, updated_at: now })
          .where('id', '=', deviceId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('push_subscriptions').where('device_id', '=', deviceId).execute();
        return true;
      });
    },
  };
}

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
