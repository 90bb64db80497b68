import { productPrices } from '../../../../domain/money.ts';
import type { Product } from '../../../../domain/catalog.ts';
import { formatMoney } from '../../../../domain/money.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';

/** The selling price, with the crossed-out base price and the saving when discounted. */
export function Price({ product, size = 'md' }: { product: Pick<Product, 'price' | 'isFraction'>; size?: 'md' | 'lg' }) {
  const t = useT();
  const localeConfig = usePriceFormat();
  const p = productPrices(product.price, localeConfig.fractionDigits);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={size === 'lg' ? 'text-2xl font-semibold' : 'font-semibold'}>{formatMoney(p.final, localeConfig)}</span>
      {product.isFraction ? <span className="text-sm text-slate-600">{t('product.perKg')}</span> : null}
      {p.discounted !== null ? (
        <>
          <s className="text-sm text-slate-600">{formatMoney(p.base, localeConfig)}</s>
          <span className="text-sm font-medium text-green-800">{t('product.percentOff', { percent: p.discountPercent })}</span>
        </>
      ) : null}
    </p>
  );
}
