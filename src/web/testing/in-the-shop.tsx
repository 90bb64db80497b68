import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from 'vitest-browser-react';
import { shopConfigSchema, type ShopConfig } from '../../domain/shop-config.ts';
import { enUS } from '../lib/i18n/en-US.ts';
import { createI18n, I18nContext } from '../lib/i18n/i18n.ts';

/** A shop as the pages get it (the config's defaults filled in): an Indian shop taking orders, with `changes` on top. */
export const testShop = (changes: Record<string, unknown> = {}): ShopConfig =>
  shopConfigSchema.parse({
    id: 'test-shop',
    title: 'Test Shop',
    localeConfig: { defaultLocale: 'en-IN', currencySign: '₹', fractionDigits: 2, priceFormat: '{sign}{amount}' },
    orderConfig: { orderEnabled: true },
    themeConfig: { themeId: 'default' },
    contact: {},
    ...changes,
  });

const english = createI18n('en-US', enUS);

/**
 * For a component test (`*.browser.test.tsx`): `ui` drawn as a page of `shop` is, inside the
 * root route whose loader data `useShop` reads and with the English texts root.tsx's Layout
 * provides. The data is handed over as the server's page would, so nothing is loaded first.
 */
export function renderInShop(ui: ReactNode, shop: ShopConfig = testShop()) {
  const root = { shop, locale: 'en-IN', language: 'en-US', codes: { email: false, phone: false, sms: false, whatsapp: false }, whatsappUpdates: false };
  const router = createMemoryRouter([{ id: 'root', path: '/', loader: () => root, element: <I18nContext value={english}>{ui}</I18nContext> }], {
    hydrationData: { loaderData: { root } },
  });
  return render(<RouterProvider router={router} />);
}
