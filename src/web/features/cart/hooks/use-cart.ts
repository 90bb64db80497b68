import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { cartCount, cartMessages, type CartAction, type CartNotice, type CartRules } from '../../../../domain/cart-rules.ts';
import type { ShopConfig } from '../../../../domain/shop-config.ts';

type CartNoticeCode = keyof typeof cartMessages;
import { notify } from '../../../lib/notify.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { forgetCartBase } from '../store/cart-base.ts';
import { useCartStore } from '../store/cart-store.ts';

/**
 * Reads the shop's cart from browser storage once the page is interactive and follows
 * other tabs; then brings each line's stock and price up to date from the catalog, so the
 * stock checks use today's numbers, not the ones from when the product was added. A line
 * added later is brought up to date too: a catalog page may be a kept one whose tiles say
 * only rightly whether a product is out of stock, not how many are left (decision 053).
 */
export function useAttachCart(): void {
  const shopId = useShop().id;
  const attach = useCartStore((s) => s.attach);
  useEffect(() => attach(shopId), [attach, shopId]);
  const { items, ready, rules } = useCart();
  const dispatch = useCartStore((s) => s.dispatch);
  const lines = ready ? items.map((i) => i.id).join('\n') : '';
  useEffect(() => {
    if (!lines) return;
    let cancelled = false;
    void import('../../../lib/catalog-query.ts')
      .then((m) => m.loadCatalogOnce())
      .then((catalog) => {
        if (cancelled) return;
        const fresh = new Map(catalog.products.map((p) => [p.id, p]));
        const current = useCartStore.getState().items;
        const updated = current.map((i) => {
          const p = fresh.get(i.id);
          return p
            ? {
                ...i,
                stock: p.stock,
                madeToOrder: p.madeToOrder === true,
                weightStep: p.weightStep,
                price: p.price,
                title: p.title,
                images: p.images.slice(0, 2),
                errors: p.errors,
              }
            : i;
        });
        if (JSON.stringify(updated) !== JSON.stringify(current)) dispatch({ type: 'replace', items: updated }, rules);
      })
      // offline or the server is down: the cart keeps the numbers it has
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [lines, dispatch, rules]);
}

/** The cart rules of the shop's order config. */
export function cartRulesOf(shop: ShopConfig): CartRules {
  return {
    allowOrderOnNoStock: shop.orderConfig.allowOrderOnNoStock,
    allowZeroPriceProducts: shop.orderConfig.allowZeroPriceProducts,
    fractionDigits: shop.localeConfig.fractionDigits,
    taxPercent: shop.pricingConfig.globalTaxPercentage,
  };
}

/** Applies a change to the cart with the shop's rules and shows its notice. */
export function actOnCart(action: CartAction, rules: CartRules, t: TFunction): CartNotice | null {
  const notice = useCartStore.getState().dispatch(action, rules);
  // the spec's own texts are translated; an owner's product error is shown as written
  if (notice) notify({ type: notice.type, message: notice.code in cartMessages ? t(`cartNotice.${notice.code as CartNoticeCode}`) : notice.message });
  return notice;
}

/** The cart's lines and count, and `act`, which applies a change with the shop's rules and shows its notice. */
export function useCart() {
  const { t } = useTranslation();
  const shop = useShop();
  const items = useCartStore((s) => s.items);
  const ready = useCartStore((s) => s.ready);
  const rules: CartRules = useMemo(() => cartRulesOf(shop), [shop]);
  const act = useCallback((action: CartAction) => actOnCart(action, rules, t), [rules, t]);
  return { items, ready, count: cartCount(items), rules, act };
}

/** Empties the cart with the shop's rules, without a notice (logout, a placed order). */
export function useClearCart(): () => void {
  const { rules } = useCart();
  const dispatch = useCartStore((s) => s.dispatch);
  return useCallback(() => void dispatch({ type: 'clear' }, rules), [dispatch, rules]);
}

/** Logout (§4): the cart is emptied, and this browser forgets what it last agreed with the account's cart on (decision 046). */
export function useLogoutCart(): () => void {
  const clear = useClearCart();
  const shopId = useShop().id;
  return useCallback(() => {
    forgetCartBase(shopId);
    clear();
  }, [clear, shopId]);
}
