import type { Millis } from './columns.ts';

/**
 * The devices' tables (decision 022): devices and their push subscriptions, the owner's alert
 * devices, analytics events and their budgets.
 */

/** `secret_hash`: SHA-256 of the secret the browser got at the device's first registration; null for a device from before (issue 20). */
export interface DeviceTable {
  id: string;
  user_id: string | null;
  record: string;
  created_at: Millis;
  updated_at: Millis;
  secret_hash: string | null;
}

export interface PushSubscriptionTable {
  id: string;
  device_id: string;
  user_id: string | null;
  endpoint: string;
  keys: string;
  created_at: Millis;
}

/** The owner's devices that get a push for every new order and booking (migration 007). */
export interface OwnerAlertSubscriptionTable {
  id: string;
  user_id: string;
  endpoint: string;
  keys: string;
  created_at: Millis;
}

export interface AnalyticsEventTable {
  id: string;
  event_type: string;
  value: string;
  device_id: string | null;
  session_id: string | null;
  user_id: string | null;
  record: string;
  created_at: Millis;
}

/** Events stored on one UTC day per client, and for all clients (`client` ''), against their budgets (decision 077). */
export interface AnalyticsBudgetTable {
  /** Whole UTC days since the epoch. */
  day: number;
  client: string;
  events: number;
}
