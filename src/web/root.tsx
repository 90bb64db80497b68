import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { readableOnWhiteText } from '../domain/theme.ts';
import { CartSidebar } from './features/cart/components/cart-sidebar.tsx';
import { AddToCart } from './features/cart/components/add-to-cart.tsx';
import { useAttachCart } from './features/cart/hooks/use-cart.ts';
import { TileActionContext } from './features/catalog/tile-action.ts';
import { LoaderOverlay } from './features/shell/components/loader-overlay.tsx';
import { SearchPanel } from './features/search/components/search-panel.tsx';
import { SideMenu } from './features/shell/components/side-menu.tsx';
import { createI18n, resolveLanguage } from './lib/i18n/i18n.ts';
import { ModalHost } from './modals/modal-host.tsx';
import { Toasts } from './ui/toasts.tsx';
import { useNonce } from './lib/nonce.ts';
import { ErrorScreen } from './ui/error-screen.tsx';
import './lib/load-context.ts';

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.shop) {
    // the screen is the same for every page; the API (503) and the log say what is wrong
    throw data({ configInvalid: true }, { status: 503 });
  }
  const { locale, language } = resolveLanguage(request.headers.get('cookie'), context.shop.localeConfig.defaultLocale);
  return { shop: context.shop, origin: context.origin, locale, language };
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: d?.shop.title || 'home' }];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const shop = root?.shop;
  const colour = shop?.themeConfig.primaryColor ?? '#2874f0';
  const language = root?.language ?? 'en-US';
  const i18n = useMemo(() => createI18n(language), [language]);
  // one cache per browser tab (and per server render): shoppers never share cached answers
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } }));
  return (
    <html lang={root?.locale ?? 'en-US'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={colour} />
        {shop?.description ? <meta name="description" content={shop.description} /> : null}
        {/* without an icon of its own the shop says so, instead of browsers asking for /favicon.ico */}
        <link rel="icon" href={shop?.pwa.icons.logo192Png || 'data:,'} />
        <Meta />
        <Links />
        {/* the colour is a validated #rrggbb, so it cannot break out of the rule */}
        <style>{`:root{--color-primary:${colour};--color-primary-strong:${readableOnWhiteText(colour)}}`}</style>
      </head>
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        </QueryClientProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The page, and the shell around every page: modals, side menu, cart sidebar, toasts, loader. */
export default function App({ loaderData }: Route.ComponentProps) {
  useAttachCart();
  const { orderEnabled, enquiryEnabled } = loaderData.shop.orderConfig;
  return (
    <TileActionContext value={tileAction}>
      <Outlet />
      <ModalHost />
      {/* logging in arrives with accounts; until then the menu offers Login and Signup */}
      <SearchPanel />
      <SideMenu account={{ loggedIn: false, onLogout: () => undefined }} />
      {orderEnabled || enquiryEnabled ? <CartSidebar /> : null}
      <Toasts />
      <LoaderOverlay />
    </TileActionContext>
  );
}

const tileAction = (product: Parameters<typeof AddToCart>[0]['product']) => <AddToCart product={product} />;

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen title={t('error.notFoundTitle')} text={t('error.notFoundText')} homeLabel={t('error.home')} />;
  }
  return <ErrorScreen title={t('error.title')} text={t('error.text')} homeLabel={t('error.home')} />;
}
