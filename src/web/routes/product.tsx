import { useTranslation } from '../lib/i18n/i18n.ts';
import { data, Link } from 'react-router';
import { isOutOfStock, sizeGuideFor, stockShown } from '../../domain/catalog-view.ts';
import { categoryName, formatQuantity, minorToText, productPrices, qtyToMilli } from '../../domain/money.ts';
import { Gallery } from '../features/catalog/components/gallery.tsx';
import { AddToCart } from '../features/cart/components/add-to-cart.tsx';
import { Price } from '../features/catalog/components/price.tsx';
import { ProductErrors } from '../features/catalog/components/product-errors.tsx';
import { useUi } from '../lib/ui-store.ts';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/product';

export async function loader({ context, params }: Route.LoaderArgs) {
  const { products, categories } = await context.catalog();
  const product = products.find((p) => p.variantId === params.sku);
  if (!product) throw data(null, { status: 404 });
  const variants = products.filter((p) => p.itemId === product.itemId);
  const sizeGuide = sizeGuideFor(product, context.shop?.catalog.sizeGuides ?? {});
  return { product, variants, category: { id: product.categoryId, name: categoryName(categories, product.categoryId) }, sizeGuide, origin: context.origin };
}

/** Structured data for search engines: schema.org Product with its offer. */
export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const shop = (
    matches[0]?.data as { shop?: { title: string; description?: string; localeConfig: { currencyCode: string; fractionDigits: number } } } | undefined
  )?.shop;
  if (!d || !shop) return [{ title: shop?.title || 'home' }];
  // the one description of the page: the product's, or the shop's for a product without one
  const description = d.product.description.trim().slice(0, 160) || shop.description;
  const { product, origin } = d;
  const prices = productPrices(product.price, shop.localeConfig.fractionDigits);
  const url = `${origin}${paths.product(product.variantId)}`;
  return [
    { title: shop.title || 'home' },
    ...(description ? [{ name: 'description', content: description }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: product.title },
    { property: 'og:image', content: product.images[0] ? `${origin}${product.images[0].url}` : '' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: product.description,
        sku: product.sku,
        image: product.images.map((i) => `${origin}${i.url}`),
        category: d.category.name,
        offers: {
          '@type': 'Offer',
          url,
          priceCurrency: shop.localeConfig.currencyCode,
          price: minorToText(prices.final, shop.localeConfig.fractionDigits),
          availability: isOutOfStock(product) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
        },
      },
    },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const openModal = useUi((s) => s.openModal);
  const { product, variants, category, sizeGuide } = loaderData;
  const stock = stockShown(product);
  return (
    <article className="grid gap-6 lg:grid-cols-2 lg:gap-10">
      {/* keyed: another option starts on its own first picture */}
      <Gallery key={product.variantId} product={product} />
      <div className="flex flex-col gap-4">
        <Link to={paths.catalog({ categories: [category.id] })} className="text-sm font-medium text-primary-strong hover:underline">
          {category.name}
        </Link>
        <h1 className="text-2xl font-semibold lg:text-3xl">{product.title}</h1>
        <Price product={product} size="lg" />
        {variants.length > 1 ? (
          <nav aria-label={t('product.options')}>
            <ul className="flex flex-wrap gap-2">
              {variants.map((v) => (
                <li key={v.variantId}>
                  <Link
                    to={paths.product(v.variantId)}
                    replace
                    aria-current={v.variantId === product.variantId ? 'page' : undefined}
                    className={`block rounded-md border px-3 py-1.5 text-sm ${v.variantId === product.variantId ? 'border-primary bg-primary text-on-primary' : 'border-slate-300 bg-white hover:border-slate-500'} ${isOutOfStock(v) ? 'line-through opacity-70' : ''}`}
                  >
                    {v.variantName || v.sku}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <ProductErrors product={product} />
        <AddToCart product={product} size="lg" />
        <p className={stock === 'out' ? 'font-medium text-red-700' : 'text-green-800'}>
          {stock === 'out'
            ? t('product.outOfStock')
            : stock === 'in'
              ? t('product.inStock')
              : t('product.onlyLeft', {
                  quantity: `${formatQuantity(qtyToMilli(stock, product.isFraction), product.isFraction)}${product.isFraction ? ` ${t('product.kg')}` : ''}`,
                })}
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium text-primary-strong">
          <button type="button" className="underline" onClick={() => openModal('review', { variantId: product.variantId, title: product.title })}>
            {t('product.reviews')}
          </button>
          {sizeGuide ? (
            <button type="button" className="underline" onClick={() => openModal('size-guide', { text: sizeGuide })}>
              {t('modal.sizeGuideTitle')}
            </button>
          ) : null}
        </div>
        {product.description ? (
          <section aria-labelledby="product-description">
            <h2 id="product-description" className="mb-1 font-semibold">
              {t('product.description')}
            </h2>
            <p className="whitespace-pre-line text-slate-700">{product.description}</p>
          </section>
        ) : null}
      </div>
    </article>
  );
}
