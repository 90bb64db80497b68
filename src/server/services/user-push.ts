import type { FastifyBaseLogger } from 'fastify';
import type { DeviceRepository } from '../db/repositories/device-repository.ts';
import type { PushSubscriptionJson } from '../../domain/push-subscription.ts';
import type { PushMessage, PushSender } from './push.ts';

/**
 * Pushes a message to every device the user is logged in on, without holding up the
 * answer: a subscription the push service calls gone is forgotten, other failures are
 * only logged (§8: push failures are logged only). Log lines carry ids, never endpoints.
 */
export function pushToUser(
  deps: { devices: DeviceRepository; push: PushSender | undefined; log: FastifyBaseLogger },
  userId: string,
  message: PushMessage,
): Promise<void> {
  const { devices, push, log } = deps;
  return pushToAll({ push, log, subscriptions: () => devices.subscriptionsOf(userId), forget: (id) => devices.removeSubscription(id) }, message);
}

/**
 * Pushes a message to each subscription a source gives (a user's devices, the owner's
 * alert devices): one the push service calls gone is forgotten, other failures are only
 * logged, by the subscription's id. Never throws.
 */
export function pushToAll(
  deps: {
    push: PushSender | undefined;
    log: FastifyBaseLogger;
    subscriptions: () => Promise<Array<PushSubscriptionJson & { id: string }>>;
    forget: (id: string) => Promise<void>;
  },
  message: PushMessage,
): Promise<void> {
  const { push, log } = deps;
  if (!push) return Promise.resolve();
  const run = async () => {
    for (const subscription of await deps.subscriptions()) {
      const { outcome, statusCode } = await push.send(subscription, message);
      if (outcome === 'gone') await deps.forget(subscription.id);
      if (outcome !== 'sent') log.warn({ subscriptionId: subscription.id, statusCode, outcome }, 'push not delivered');
    }
  };
  return run().catch((err: unknown) => log.warn({ err: String(err) }, 'push not sent'));
}
