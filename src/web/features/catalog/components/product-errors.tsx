import type { Product } from '../../../../domain/catalog.ts';
import { productErrors } from '../../../../domain/catalog-view.ts';

/**
 * The owner's messages on a product (§5 "product error messages are also listed"), where
 * the product is shown: a shopper reads why it cannot be ordered before trying, not only
 * in the toast an add brings. Shown as the owner wrote them.
 */
export function ProductErrors({ product, className = '' }: { product: Pick<Product, 'errors'>; className?: string }) {
  const messages = productErrors(product);
  if (messages.length === 0) return null;
  return (
    <ul className={`font-medium text-red-700 ${className}`}>
      {messages.map((message, i) => (
        <li key={i}>{message}</li>
      ))}
    </ul>
  );
}
