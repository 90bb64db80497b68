import { ulid } from 'ulid';
import type { PushSubscriptionJson } from '../../../domain/push-subscription.ts';
import type { Db } from '../database.ts';

export type OwnerSubscription = PushSubscriptionJson & { id: string };

/**
 * The owner's devices that hear of every new order and booking (issue 18), subscribed
 * from /admin. Apart from the shoppers' subscriptions (device-repository.ts), which
 * follow whoever is logged in on a device: the owner's alert stays until the owner turns
 * it off or logs out on that device, and goes only to accounts that are still owners.
 */
export function createOwnerAlertRepository(db: Db) {
  const { kysely } = db;
  // read for every order placed (owner-alerts.ts): built and compiled once, not per order
  const subscriptionsQuery = kysely
    .selectFrom('owner_alert_subscriptions')
    .innerJoin('users', 'users.id', 'owner_alert_subscriptions.user_id')
    .select(['owner_alert_subscriptions.id', 'owner_alert_subscriptions.endpoint', 'owner_alert_subscriptions.keys'])
    .where('users.role', '=', 'owner')
    .orderBy('owner_alert_subscriptions.created_at')
    .compile();
  const emailsQuery = kysely
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'owner')
    .where('email_verified', '=', 1)
    .where('email', 'is not', null)
    .orderBy('created_at')
    .compile();
  return {
    /** Turns alerts on for this browser (its push subscription) for the owner; again replaces the keys. */
    async subscribe(userId: string, subscription: PushSubscriptionJson, now = Date.now()): Promise<void> {
      const keys = JSON.stringify(subscription.keys);
      await kysely
        .insertInto('owner_alert_subscriptions')
        .values({ id: ulid(now), user_id: userId, endpoint: subscription.endpoint, keys, created_at: now })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, keys }))
        .execute();
    },

    /** Turns alerts off for this browser; true when it had them. */
    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      const res = await kysely.deleteFrom('owner_alert_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    async isSubscribed(userId: string, endpoint: string): Promise<boolean> {
      return (
        (await kysely
          .selectFrom('owner_alert_subscriptions')
          .select('id')
          .where('endpoint', '=', endpoint)
          .where('user_id', '=', userId)
          .executeTakeFirst()) !== undefined
      );
    },

    /** Where to push an alert: the subscriptions of accounts that are owners now (a demoted owner hears nothing). */
    async ownersSubscriptions(): Promise<OwnerSubscription[]> {
      const { rows } = await kysely.executeQuery(subscriptionsQuery);
      return rows.map((r) => ({ id: r.id, endpoint: r.endpoint, keys: JSON.parse(r.keys) as PushSubscriptionJson['keys'] }));
    },

    /** The owners' e-mail addresses (confirmed ones), for alerts when the config names no shop address. */
    async ownersEmails(): Promise<string[]> {
      const { rows } = await kysely.executeQuery(emailsQuery);
      return rows.map((r) => r.email!);
    },

    /** A subscription the push service says is gone (404 or 410). */
    async remove(id: string): Promise<void> {
      await kysely.deleteFrom('owner_alert_subscriptions').where('id', '=', id).execute();
    },
  };
}

export type OwnerAlertRepository = ReturnType<typeof createOwnerAlertRepository>;
