import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { dialCodeFor, dineInFromUrl } from '../../domain/checkout-state.ts';
import { useCart, useClearCart } from '../features/cart/hooks/use-cart.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { CheckoutForm } from '../features/checkout/components/checkout-form.tsx';
import { ThankYou } from '../features/checkout/components/thank-you.tsx';
import { useCheckout } from '../features/checkout/store/checkout-store.ts';
import { paths } from '../lib/paths.ts';
import { rememberedTable } from '../lib/table-link.ts';
import { useOrderingClosedText } from '../lib/use-ordering.ts';
import { useShop } from '../lib/use-shop.ts';
import { buttonClass } from '../ui/button.tsx';

/**
 * /checkout and /checkout2 (one screen, §2). Starting it resets the details (§4); a table
 * link's dineInSpaceId / dineInValue choose dine-in. With `orderId` (after placing, or
 * back from PayU with `payment`) it shows that order, found through this tab's last order.
 * The cart and the last order live in the browser, so the server renders a placeholder.
 */
export default function Checkout() {
  const { t } = useTranslation();
  const shop = useShop();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const { items, ready, act } = useCart();
  const clearCart = useClearCart();
  const dispatch = useCheckout((s) => s.dispatch);
  const lastOrder = useCheckout((s) => s.lastOrder);
  const orderId = params.get('orderId');
  // outside the ordering hours checkout is not offered (decision 050); a placed order still shows
  const closedText = useOrderingClosedText();

  useEffect(() => {
    if (orderId) return;
    dispatch({ type: 'start', dialCode: dialCodeFor(shop.country), country: '' });
    const dineIn = { dineInEnabled: shop.dineInConfig.dineInEnabled, dineSpaces: shop.dineSpaces };
    // checkout's own address first, else the table code the shopper came in by
    const table = dineInFromUrl(params, dineIn) ?? dineInFromUrl(rememberedTable(shop.id), dineIn);
    if (table) dispatch({ type: 'setDineIn', ...table });
    // a new visit to checkout starts afresh; later changes of the URL are the form's own
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId]);

  if (!hydrated || !ready)
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        {t('nav.loading')}
      </p>
    );

  if (orderId) {
    const last = lastOrder(shop.id);
    const payment = params.get('payment');
    if (last?.orderId === orderId) return <ThankYou shopId={shop.id} last={last} payment={payment === 'paid' || payment === 'failed' ? payment : null} />;
  }
  if (items.length === 0) {
    return (
      <section className="flex flex-col items-center gap-4 py-10 text-center">
        <h1 className="text-2xl font-semibold">{t('cart.empty')}</h1>
        <p className="text-slate-700">{t('checkout.emptyText')}</p>
        <Link to={paths.catalog()} className={buttonClass('primary', 'lg')}>
          {t('nav.allProducts')}
        </Link>
      </section>
    );
  }
  if (closedText) {
    return (
      <section className="flex flex-col items-center gap-4 py-10 text-center">
        <h1 className="text-2xl font-semibold">{t('checkout.orderingClosedTitle')}</h1>
        <p className="text-slate-700">{closedText}</p>
        <Link to={paths.catalog()} className={buttonClass('primary', 'lg')}>
          {t('nav.allProducts')}
        </Link>
      </section>
    );
  }
  return <CheckoutForm items={items} onPlaced={clearCart} onCartChange={act} />;
}
