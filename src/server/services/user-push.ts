import type { FastifyBaseLogger } from 'fastify';
import type { DeviceRepository } from '../db/repositories/device-repository.ts';
import type { PushMessage, PushSender } from './push.ts';

/**
 * Pushes a message to every device the user is logged in on, without holding up the
 * answer: a subscription the push service calls gone is forgotten, other failures are
 * only logged (§8: push failures are logged only). Log lines carry ids, never endpoints.
 */
export function pushToUser(deps: { devices: DeviceRepository; push: PushSender | undefined; log: FastifyBaseLogger }, userId: string, message: PushMessage): Promise<void> {
  const { devices, push, log } = deps;
  if (!push) return Promise.resolve();
  const run = async () => {
    for (const subscription of await devices.subscriptionsOf(userId)) {
      const { outcome, statusCode } = await push.send(subscription, message);
      if (outcome === 'gone') await devices.removeSubscription(subscription.id);
      if (outcome !== 'sent') log.warn({ deviceId: subscription.deviceId, statusCode, outcome }, 'push not delivered');
    }
  };
  return run().catch((err: unknown) => log.warn({ err: String(err) }, 'push not sent'));
}
