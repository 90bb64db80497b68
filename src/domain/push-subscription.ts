/** A browser's push subscription as `PushSubscription.toJSON()` gives it: where to post, and the keys to encrypt with. */
export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };
