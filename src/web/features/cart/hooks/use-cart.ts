import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cartCount, type CartAction, type cartMessages, type CartRules } from '../../../../domain/cart-rules.ts';

type CartNoticeCode = keyof typeof cartMessages;
import { notify } from '../../../lib/notify.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { useCartStore } from '../store/cart-store.ts';

/** Reads the shop's cart from browser storage once the page is interactive, and follows other tabs. */
export function useAttachCart(): void {
  const shopId = useShop().id;
  const attach = useCartStore((s) => s.attach);
  useEffect(() => attach(shopId), [attach, shopId]);
}

/** The cart's lines and count, and `act`, which applies a change with the shop's rules and shows its notice. */
export function useCart() {
  const { t } = useTranslation();
  const shop = useShop();
  const items = useCartStore((s) => s.items);
  const ready = useCartStore((s) => s.ready);
  const dispatch = useCartStore((s) => s.dispatch);
  const rules: CartRules = useMemo(
    () => ({
      allowOrderOnNoStock: shop.orderConfig.allowOrderOnNoStock,
      allowZeroPriceProducts: shop.orderConfig.allowZeroPriceProducts,
      fractionDigits: shop.localeConfig.fractionDigits,
      taxPercent: shop.pricingConfig.globalTaxPercentage,
    }),
    [shop],
  );
  const act = useCallback(
    (action: CartAction) => {
      const notice = dispatch(action, rules);
      if (notice) notify({ type: notice.type, message: t(`cartNotice.${notice.code as CartNoticeCode}`) });
      return notice;
    },
    [dispatch, rules, t],
  );
  return { items, ready, count: cartCount(items), rules, act };
}
