import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { lineTotal } from '../../../../domain/cart-rules.ts';
import { cartStock } from '../../../../domain/cart-stock.ts';
import { addMinor, formatMoney, minor } from '../../../../domain/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useOrderingClosedText } from '../../../lib/use-ordering.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { LineStockNote } from '../../../ui/line-stock-note.tsx';
import { Picture } from '../../../ui/picture.tsx';
import { useCart } from '../hooks/use-cart.ts';
import { QuantitySelector } from './quantity-selector.tsx';
import { buttonClass } from '../../../ui/button.tsx';
import { Sheet, SheetClose, SheetTitle } from '../../../ui/sheet.tsx';

/**
 * The right cart sidebar of §2: 'Total Items: N' or 'Cart is Empty', the lines, and the way
 * to checkout; an empty cart offers the way back to the catalog instead of a blank panel.
 * Each line's stock is flagged as soon as the catalog with today's stock is in (decision 042),
 * and a line out of stock does not count in the subtotal.
 */
export function CartSidebar() {
  const { t } = useTranslation();
  const open = useUi((s) => s.panels.cart);
  const closeAll = useUi((s) => s.closeAll);
  const { items, count, rules, act } = useCart();
  const format = usePriceFormat();
  const closedText = useOrderingClosedText();
  const stock = cartStock(items, rules);
  const subtotal = addMinor(minor(0), ...stock.counted.map((i) => lineTotal(i, format.fractionDigits)));
  return (
    <Sheet open={open} onClose={closeAll} side="right" className="flex w-96 max-w-[92vw] flex-col">
      <div className="flex items-center justify-between border-b border-slate-200 p-4">
        <SheetTitle className="text-lg font-semibold">{items.length > 0 ? t('cart.totalItems', { count }) : t('cart.empty')}</SheetTitle>
        <SheetClose aria-label={t('modal.close')} className="rounded-full p-2 text-slate-600 hover:bg-slate-100">
          ✕
        </SheetClose>
      </div>
      {items.length > 0 ? (
        <ul className="flex-1 divide-y divide-slate-100 overflow-y-auto px-4">
          {items.map((item) => {
            const flag = stock.lines.get(item.id)!;
            const image = item.images[0];
            return (
              <li key={item.id} className="flex gap-3 py-4">
                {image ? (
                  <Picture
                    src={image.thumbnail}
                    alt={item.title}
                    width={70}
                    height={70}
                    className="size-[70px] shrink-0 rounded-md bg-slate-100 object-cover"
                  />
                ) : null}
                <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <Link to={paths.product(item.variantId)} onClick={closeAll} className="font-medium hover:underline">
                    {item.title}
                  </Link>
                  {item.variantName ? <span className="text-xs text-slate-600">{item.variantName}</span> : null}
                  {flag.state === 'out' ? null : (
                    <div className="flex items-center justify-between gap-2">
                      <QuantitySelector item={item} rules={rules} onChange={(qty) => act({ type: 'setQty', productId: item.id, qty })} />
                      <span className="font-semibold">{formatMoney(lineTotal(item, format.fractionDigits), format)}</span>
                    </div>
                  )}
                  <LineStockNote
                    stock={flag}
                    title={item.title}
                    isFraction={item.isFraction}
                    onRemove={() => act({ type: 'remove', productId: item.id })}
                    onChange={(qty) => act({ type: 'setQty', productId: item.id, qty })}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center p-6">
          <Link to={paths.catalog()} onClick={closeAll} className={buttonClass('primary', 'lg')}>
            {t('cart.continueShopping')}
          </Link>
        </div>
      )}
      {items.length > 0 ? (
        <div className="flex flex-col gap-3 border-t border-slate-200 p-4">
          <p className="flex justify-between font-semibold">
            <span>{t('cart.subtotal')}</span>
            <span data-testid="cart-subtotal">{formatMoney(subtotal, format)}</span>
          </p>
          {/* outside the ordering hours checkout is not offered: the cart waits for the opening */}
          {closedText ? (
            <p className="rounded-md bg-amber-50 p-3 text-center text-sm text-amber-900">{closedText}</p>
          ) : (
            <Link to={paths.checkout()} onClick={closeAll} className="rounded-md bg-primary py-3 text-center font-semibold text-on-primary">
              {t('cart.checkout')}
            </Link>
          )}
        </div>
      ) : null}
    </Sheet>
  );
}
