import type { OwnerAppointmentView } from '../../../../domain/booking.ts';
import type { OrderStatus } from '../../../../domain/order-lifecycle.ts';
import type { OrderView } from '../../../../domain/order.ts';
import { getJson, postJson, type ApiResult } from '../../../lib/api.ts';
import { asUser, refreshSession, useSession } from '../../../lib/session.ts';

/** An order as the owner sees it: the shopper's view, and whether they asked to cancel. */
export type OwnerOrder = OrderView & { cancelRequested: boolean };

/** A product in the owner's stock list. */
export type StockLine = { variantId: string; title: string; variantName: string; stock: number; isFraction: boolean };

/** The owner's calls (decision 024); a 404 means the logged-in user is not the owner. */
export const ownerApi = {
  orders: () => asUser((headers) => getJson<{ orders: OwnerOrder[] }>('/admin/api/orders', headers)),
  setStatus: (id: string, status: OrderStatus) => asUser((headers) => postJson<{ order: OrderView }>(`/admin/api/orders/${encodeURIComponent(id)}/status`, { status }, headers)),
  store: () => asUser((headers) => getJson<{ open: boolean }>('/admin/api/store', headers)),
  setStore: (open: boolean) => asUser((headers) => postJson<{ open: boolean }>('/admin/api/store', { open }, headers)),
  markPaid: (id: string, reference?: string): Promise<ApiResult<{ order: OrderView }>> =>
    asUser((headers) => postJson(`/admin/api/orders/${encodeURIComponent(id)}/paid`, reference ? { reference } : {}, headers)),
  /** One day's bookings in the shop's time zone; today without a date. */
  appointments: (date?: string) => asUser((headers) => getJson<{ date: string; appointments: OwnerAppointmentView[] }>(`/admin/api/appointments${date ? `?date=${date}` : ''}`, headers)),
  cancelAppointment: (id: string) => asUser((headers) => postJson<{ appointment: OwnerAppointmentView }>(`/admin/api/appointments/${encodeURIComponent(id)}/cancel`, {}, headers)),
  /** Products matching the words, fewest in stock first (50 at most). */
  stock: (q: string) => asUser((headers) => getJson<{ products: StockLine[]; total: number }>(`/admin/api/stock?${new URLSearchParams({ q }).toString()}`, headers)),
  setStock: (variantId: string, stock: number) => asUser((headers) => postJson<{ stock: number }>(`/admin/api/stock/${encodeURIComponent(variantId)}`, { stock }, headers)),
};

/**
 * Listens to the live feed (server-sent events, read with fetch so the access token goes
 * in a header, never in the address) and calls `onOrder` for each event; reconnects 3 s
 * after the feed drops. The returned function stops it.
 */
export function watchOrders(onOrder: () => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  const connect = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const token = useSession.getState().token;
        const res = await fetch('/admin/api/events', { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal });
        // an access token that ran out: a fresh one for the next try
        if (res.status === 401) await refreshSession();
        if (res.ok && res.body) {
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            const events = buffer.split('\n\n');
            buffer = events.pop() ?? '';
            if (events.some((e) => e.startsWith('event: order'))) onOrder();
          }
        }
      } catch {
        // offline, or stopped: try again below
      }
      if (!stopped) await new Promise((resume) => setTimeout(resume, 3000));
    }
  };
  void connect();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
