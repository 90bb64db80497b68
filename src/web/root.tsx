import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { numberPatternOf, presetNumberPattern } from '../domain/money.ts';
import type { UiLanguage } from '../domain/language.ts';
import type { ShopConfig } from '../domain/shop-config.ts';
import type { StorefrontContext } from '../domain/storefront-context.ts';
import { themeCss } from '../domain/theme.ts';
import { AddToCart, preloadQuantitySelector } from './features/cart/components/add-to-cart.tsx';
import { useAttachCart, useLogoutCart } from './features/cart/hooks/use-cart.ts';
import { TileActionContext } from './features/catalog/tile-action.ts';
import { ClosedNotice } from './features/shell/components/closed-notice.tsx';
import { LoaderOverlay } from './features/shell/components/loader-overlay.tsx';
import { catalogs } from './lib/i18n/catalogs.server.ts';
import { createI18n, errorScreenMessages, I18nContext, useTranslation } from './lib/i18n/i18n.ts';
import { notify } from './lib/notify.ts';
import { paths } from './lib/paths.ts';
import { CatalogAwareScrollRestoration } from './lib/scroll-key.tsx';
import { usePushPrompt } from './lib/push-prompt.ts';
import { orderingClosedText } from './lib/use-ordering.ts';
import { logOut, restoreSession, useSession } from './lib/session.ts';
import { useUi } from './lib/ui-store.ts';
import { MICROCART_TIMEOUT_MS } from './lib/chunk-load.ts';
import { loadable, preloadLoadError } from './lib/loadable.tsx';
import { useAppUpdate } from './lib/app-update.ts';
import { PartSpinner } from './ui/part-spinner.tsx';
import { ErrorScreen } from './ui/error-screen.tsx';
import './lib/load-context.ts';
import { DEFAULT_THEME_CSS } from './lib/default-theme.ts';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.shop) {
    // the screen is the same for every page; the API (503) and the log say what is wrong
    throw data({ configInvalid: true }, { status: 503 });
  }
  const { locale, language } = context;
  const storeOpen = await context.storeOpen();
  return {
    shop: context.shop,
    origin: context.origin,
    locale,
    language,
    messages: catalogs[language],
    // prices are written by this pattern in the browser, not by a new Intl.NumberFormat (decision 064)
    numberPattern: numberPatternOf(locale, context.shop.localeConfig.fractionDigits),
    // worked out here, so the browser's first load carries no colour arithmetic
    themeCss: themeCss(context.shop.themeConfig.primaryColor),
    ordering: context.ordering,
    closedNotice: closedNoticeOf(context.shop, language, locale, storeOpen, context.ordering),
    codes: context.codes,
    whatsappUpdates: context.whatsappUpdates,
  };
}

/**
 * The notice atop every page while the shop takes no orders (ClosedNotice), written here so
 * the browser's first load needs no code to word it: closed by the owner's switch (with the
 * owner's words), or outside the ordering hours, until `opensAt`. Null while orders are taken.
 */
function closedNoticeOf(
  shop: ShopConfig,
  language: UiLanguage,
  locale: string,
  storeOpen: boolean,
  ordering: StorefrontContext['ordering'],
): { text: string; opensAt: number | null } | null {
  if (storeOpen && !ordering) return null;
  const { t } = createI18n(language, catalogs[language]);
  if (!storeOpen) {
    const own = shop.orderConfig.closedMessage;
    return { text: own ? `${t('app.storeClosed')} ${own}` : t('app.storeClosed'), opensAt: null };
  }
  const text = orderingClosedText(t, shop, locale, ordering);
  return text ? { text, opensAt: ordering?.opensAt ?? null } : null;
}

/** The shop, the language and its texts do not depend on the URL: navigating never reloads them. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

/**
 * The shop's title and description. A route with a meta of its own replaces these (React
 * Router does not merge): a product page says its own description, once, not the shop's too.
 */
export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.shop.title || 'home' },
  ...(d?.shop.description ? [{ name: 'description', content: d.shop.description }] : []),
];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const shop = root?.shop;
  const colour = shop?.themeConfig.primaryColor ?? '#2874f0';
  const language = root?.language ?? 'en-US';
  const messages = root?.messages ?? errorScreenMessages;
  const i18n = useMemo(() => createI18n(language, messages), [language, messages]);
  if (root?.numberPattern) presetNumberPattern(root.locale, root.shop.localeConfig.fractionDigits, root.numberPattern);
  return (
    <html lang={root?.locale ?? 'en-US'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={colour} />
        {/* without an icon of its own the shop says so, instead of browsers asking for /favicon.ico */}
        <link rel="icon" href={shop?.pwa.icons.logo192Png || 'data:,'} />
        {shop ? <link rel="manifest" href="/manifest.webmanifest" /> : null}
        {shop ? <link rel="apple-touch-icon" href="/icons/192.png" /> : null}
        {/* with a precedence React puts the one render-blocking file first in <head>, ahead of the script preloads */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        {/* the colour is a validated #rrggbb, so it cannot break out of the rule */}
        <style>{root?.themeCss ?? DEFAULT_THEME_CSS}</style>
      </head>
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
        <I18nContext value={i18n}>{children}</I18nContext>
        <CatalogAwareScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// Panels, modals and toasts load on first use: none of them is needed to show a page,
// and together they would double the JavaScript of the first load. Each says so when its
// code cannot be loaded (§8); the microcart gives up after 3000 ms, with a spinner until then.
const PushPrompt = loadable(() => import('./features/shell/components/push-prompt.tsx').then((m) => m.PushPrompt), { fallback: null });
const ModalHost = loadable(() => import('./modals/modal-host.tsx').then((m) => m.ModalHost), { fallback: null, onClose: () => useUi.getState().dropModals() });
const SearchPanel = loadable(() => import('./features/search/components/search-panel.tsx').then((m) => m.SearchPanel), {
  fallback: null,
  onClose: () => useUi.getState().dropPanel('search'),
});
const SideMenu = loadable(() => import('./features/shell/components/side-menu.tsx').then((m) => m.SideMenu), {
  fallback: null,
  onClose: () => useUi.getState().dropPanel('sideMenu'),
});
const CartSidebar = loadable(() => import('./features/cart/components/cart-sidebar.tsx').then((m) => m.CartSidebar), {
  timeoutMs: MICROCART_TIMEOUT_MS,
  fallback: <PartSpinner />,
  onClose: () => useUi.getState().dropPanel('cart'),
});
const UpdateButton = loadable(() => import('./features/shell/components/update-button.tsx').then((m) => m.UpdateButton), { fallback: null });
// a guest's page needs no server cart: its sync loads at login
const ServerCart = loadable(() => import('./features/cart/hooks/use-server-cart.ts').then((m) => m.ServerCart), { fallback: null });
const Toasts = loadable(() => import('./ui/toasts.tsx').then((m) => m.Toasts), { fallback: null });

/** True a moment after hydration: time to mount what the page does not need at once. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setIdle(true), 1500);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}

/**
 * Once the session is known: the tab's new_session event (§4), and the device registered
 * for the user who logs in, or for nobody after logout (§4 Session).
 */
function useDeviceAndSession(shopId: string) {
  const known = useSession((s) => s.status !== 'unknown');
  const userId = useSession((s) => s.user?.id ?? null);
  useEffect(() => {
    if (!known) return;
    const token = useSession.getState().token;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    // loaded after the first paint: nothing here is needed to show the page
    import('./lib/device.ts').then(
      ({ startSession, syncDevice }) => {
        void startSession(shopId, userId, headers);
        void syncDevice(shopId, userId, headers);
      },
      (err: unknown) => console.warn('device record not sent', err),
    );
  }, [known, userId, shopId]);
}

/** The shop's 'user' collection follows the session (lib/remembered-user): loaded after hydration, as nothing on screen needs it. */
function useRememberedUser(shopId: string) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    import('./lib/remembered-user.ts').then(
      (m) => {
        if (!gone) stop = m.followRememberedUser(shopId);
      },
      (err: unknown) => console.warn('remembered user not kept', err),
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [shopId]);
}

/** The page, and the shell around every page: modals, side menu, cart sidebar, toasts, loader. */
export default function App({ loaderData }: Route.ComponentProps) {
  useAttachCart();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.status === 'user');
  const clearCart = useLogoutCart();
  useEffect(() => void restoreSession(), []);
  useEffect(() => {
    import('./lib/service-worker.ts').then(
      (m) => m.startServiceWorker(),
      (err: unknown) => console.warn('service worker not registered', err),
    );
  }, []);
  const update = useAppUpdate((s) => s.update);
  useDeviceAndSession(loaderData.shop.id);
  useRememberedUser(loaderData.shop.id);
  // §4 logout: the session, the orders and the cart go; the shopper lands home, told so
  const onLogout = () =>
    void logOut().then(() => {
      clearCart();
      void navigate(paths.home());
      void notify({ type: 'success', message: t('nav.loggedOut') });
    });
  const { orderEnabled, enquiryEnabled } = loaderData.shop.orderConfig;
  const used = useUi((s) => s.used);
  const anyModal = useUi((s) => Object.keys(s.modals).length > 0);
  const toasts = useUi((s) => s.toasts);
  const idle = useIdle();
  useEffect(() => {
    if (!idle) return;
    preloadLoadError();
    preloadQuantitySelector();
  }, [idle]);
  const pushForced = usePushPrompt((s) => s.forced !== null);
  return (
    <TileActionContext value={tileAction}>
      {loaderData.closedNotice ? <ClosedNotice {...loaderData.closedNotice} /> : null}
      <Outlet />
      {loggedIn ? <ServerCart /> : null}
      {/* one boundary each: a part loading later must not hide one already open */}
      {anyModal ? <ModalHost /> : null}
      {used.search ? <SearchPanel /> : null}
      {used.sideMenu ? <SideMenu account={{ loggedIn, onLogout }} /> : null}
      {used.cart && (orderEnabled || enquiryEnabled) ? <CartSidebar /> : null}
      {idle || toasts ? <Toasts /> : null}
      {loggedIn || pushForced ? <PushPrompt shopId={loaderData.shop.id} /> : null}
      {update ? <UpdateButton onClick={update} /> : null}
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
