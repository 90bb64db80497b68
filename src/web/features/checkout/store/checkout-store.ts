import { create } from 'zustand';
import { checkoutReducer, initialCheckout, type CheckoutAction, type CheckoutState } from '../../../../domain/checkout-state.ts';
import type { PaymentType } from '../../../../domain/order.ts';
import type { OrderToken } from '../../../lib/order-call.ts';

/**
 * The checkout's state for this tab, and the order it placed last. The last order (its
 * id and notification token) is kept in the tab's sessionStorage so a trip to PayU and
 * back, or a reload, still finds it; it never leaves the browser except as the bearer
 * token of its own order's calls.
 */
export type LastOrder = {
  orderId: string;
  /** Null: the logged-in shopper's own order, asked with their session (paid from "Your orders"). */
  token: OrderToken;
  paymentType: PaymentType | null;
  kind: 'order' | 'enquiry';
  /** Whether the server said it e-mails the order to the shopper: only then does the page say it was sent. */
  emailSent?: boolean;
};

const lastOrderKey = (shopId: string) => `${shopId}/lastOrder`;

type CheckoutStore = CheckoutState & {
  dispatch(action: CheckoutAction): void;
  lastOrder(shopId: string): LastOrder | null;
  rememberOrder(shopId: string, order: LastOrder): void;
};

export const useCheckout = create<CheckoutStore>()((set) => ({
  ...initialCheckout(),
  dispatch(action) {
    set((s) => checkoutReducer(s, action));
  },
  lastOrder(shopId) {
    try {
      const parsed = JSON.parse(sessionStorage.getItem(lastOrderKey(shopId)) ?? 'null') as LastOrder | null;
      return parsed && typeof parsed.orderId === 'string' && (typeof parsed.token === 'string' || parsed.token === null) ? parsed : null;
    } catch {
      return null;
    }
  },
  rememberOrder(shopId, order) {
    try {
      sessionStorage.setItem(lastOrderKey(shopId), JSON.stringify(order));
    } catch {
      // storage blocked: the thank-you page still shows; only a reload would lose it
    }
  },
}));
