import type { Millis } from './columns.ts';

/**
 * The booking engine's tables (decision 021): appointments, and the capacity cells that
 * appointments and orders' delivery slots take.
 */

export interface AppointmentTable {
  id: string;
  user_id: string | null;
  service_id: string;
  starts_at: Millis;
  ends_at: Millis;
  /** booked | cancelled */
  status: string;
  /** JSON: the service as booked (name, price) and the shopper's contact and note. */
  details: string;
  /** The order carrying the deposit paid when booking (migration 023); null when the service takes none. */
  deposit_order_id: string | null;
  created_at: Millis;
  updated_at: Millis;
}

/** How many places of a capacity cell are taken (migration 004). */
export interface SlotUseTable {
  resource: string;
  starts_at: Millis;
  taken: number;
}

/** Which appointment or order holds which cells. */
export interface SlotClaimTable {
  owner_id: string;
  resource: string;
  starts_at: Millis;
}
