import { useTranslation } from 'react-i18next';
import type { CartProduct } from '../../../../domain/cart-rules.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { useCart } from '../hooks/use-cart.ts';
import { QuantitySelector } from './quantity-selector.tsx';

/**
 * The add-to-cart control of §4: an Add button while the product is not in the cart,
 * then the quantity selector. Shown only when the shop takes orders or enquiries.
 */
export function AddToCart({ product, size = 'md' }: { product: CartProduct; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const shop = useShop();
  const { items, ready, rules, act } = useCart();
  if (!shop.orderConfig.orderEnabled && !shop.orderConfig.enquiryEnabled) return null;
  const line = items.find((i) => i.id === product.id);
  if (ready && line) {
    return <QuantitySelector item={line} rules={rules} onChange={(qty) => act({ type: 'setQty', productId: product.id, qty })} />;
  }
  return (
    <button
      type="button"
      onClick={() => act({ type: 'add', product })}
      className={`rounded-md bg-primary-strong font-semibold text-white hover:opacity-90 ${size === 'lg' ? 'px-8 py-3 text-lg' : 'px-4 py-2 text-sm'}`}
    >
      {t('cart.add')}
      <span className="sr-only"> {product.title}</span>
    </button>
  );
}
