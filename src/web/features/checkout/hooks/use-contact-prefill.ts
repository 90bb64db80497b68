import { useEffect } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useCheckout } from '../store/checkout-store.ts';

/**
 * A logged-in shopper's checkout starts with their name, e-mail and phone from the
 * session: once per checkout and only into empty fields (the reducer's `prefillContact`),
 * so what they type or clear stays theirs. A guest's checkout is untouched.
 */
export function useContactPrefill(): void {
  const user = useSession((s) => s.user);
  const filledFor = useCheckout((s) => s.contactFilledFor);
  const dispatch = useCheckout((s) => s.dispatch);
  useEffect(() => {
    // a new checkout (start) clears filledFor: the effect runs again and fills it afresh
    if (!user || filledFor === user.id) return;
    dispatch({ type: 'prefillContact', userId: user.id, name: user.name, email: user.email, phone: user.phoneNumber, whatsappUpdates: user.whatsappUpdates });
  }, [user, filledFor, dispatch]);
}
