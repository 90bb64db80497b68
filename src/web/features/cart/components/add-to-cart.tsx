import { isSoldOut, type CartProduct } from '../../../../domain/cart-rules.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { actOnCart, cartRulesOf } from '../hooks/use-cart.ts';
import { loadable } from '../../../lib/loadable.tsx';
import { useCartStore } from '../store/cart-store.ts';

/**
 * The selector shows only once a product is in the cart, which no page's HTML has (the cart
 * lives in the browser): its code is not part of every page's first load, but fetched when
 * the page is idle (root.tsx) or at the first Add, whichever comes first (decision 079).
 */
const loadSelector = () => import('./quantity-selector.tsx').then((m) => m.QuantitySelector);
export const preloadQuantitySelector = () => void loadSelector().catch(() => undefined);
// the selector's own size meanwhile, so nothing around it moves
const QuantitySelector = loadable(loadSelector, { fallback: <span className="inline-block h-9 w-33" aria-hidden="true" /> });

/**
 * The add-to-cart control of §4: an Add button while the product is not in the cart,
 * then the quantity selector. Shown only when the shop takes orders or enquiries. A sold-out
 * product gets a disabled "Out of stock" in place of an Add that could only fail; a line
 * already in the cart keeps its selector, so it can still be lowered.
 *
 * Every tile has one, so it follows only its own line of the cart: reading the cart after
 * hydration, or a change to another line, renders no other tile's button again.
 */
export function AddToCart({ product, size = 'md' }: { product: CartProduct; size?: 'md' | 'lg' }) {
  const t = useT();
  const shop = useShop();
  const line = useCartStore((s) => (s.ready ? s.items.find((i) => i.id === product.id) : undefined));
  if (!shop.orderConfig.orderEnabled && !shop.orderConfig.enquiryEnabled) return null;
  const rules = cartRulesOf(shop);
  if (line) {
    return <QuantitySelector item={line} rules={rules} onChange={(qty) => actOnCart({ type: 'setQty', productId: product.id, qty }, rules, t)} />;
  }
  const padding = size === 'lg' ? 'px-8 py-3 text-lg' : 'px-4 py-2 text-sm';
  if (isSoldOut(product, rules)) {
    return (
      <button type="button" disabled className={`cursor-not-allowed rounded-md bg-slate-200 font-semibold text-slate-700 ${padding}`}>
        {t('product.outOfStock')}
        <span className="sr-only"> {product.title}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => actOnCart({ type: 'add', product }, rules, t)}
      className={`rounded-md bg-primary font-semibold text-on-primary hover:opacity-90 ${padding}`}
    >
      {t('cart.add')}
      <span className="sr-only"> {product.title}</span>
    </button>
  );
}
