import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Form, Link } from 'react-router';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import { paths } from '../../../lib/paths.ts';
import { useHideOnScroll } from '../../../lib/use-hide-on-scroll.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { CartIcon, ChatIcon, MenuIcon, SearchIcon, UserIcon } from '../../../ui/icons.tsx';
import { whatsappLink } from '../../../../domain/whatsapp.ts';

/** Keys that are not typing a search: leaving the field, closing, a modifier on its own. */
const NOT_TYPING = new Set(['Tab', 'Escape', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

function openSearch() {
  const ui = useUi.getState();
  if (!ui.panels.search) ui.openPanel('search');
}

/**
 * The header's search field. With JavaScript it opens the search panel (§2) and holds what is
 * typed until the panel's field takes the focus: both show the one query of the UI store, so
 * no key is lost while the panel's code loads. Without JavaScript the form searches the catalog.
 */
function HeaderSearch() {
  const { t } = useTranslation();
  const query = useUi((s) => s.searchQuery);
  const setSearchQuery = useUi((s) => s.setSearchQuery);
  const field = useRef<HTMLInputElement>(null);
  // keys typed before hydration are in the field, but React never saw them: they start the
  // search. Only in the focused field: a value the browser restored on its own is not typing.
  useLayoutEffect(() => {
    const input = field.current;
    if (!input?.value || input !== document.activeElement) return;
    setSearchQuery(input.value);
    openSearch();
  }, [setSearchQuery]);
  return (
    <Form action={paths.catalog()} role="search" className="relative order-last w-full lg:order-none lg:ml-auto lg:w-auto lg:max-w-xl lg:flex-1">
      <label htmlFor="header-search" className="sr-only">
        {t('search.label')}
      </label>
      <input
        ref={field}
        id="header-search"
        name="q"
        type="search"
        autoComplete="off"
        value={query}
        placeholder={t('search.placeholder')}
        onClick={openSearch}
        onChange={(e) => {
          setSearchQuery(e.target.value);
          // clearing the field (Escape or its × in some browsers) is not a search
          if (e.target.value) openSearch();
        }}
        onKeyDown={(e) => {
          if (NOT_TYPING.has(e.key)) return;
          // the panel answers as the shopper types; Enter must not leave for the catalog
          if (e.key === 'Enter') e.preventDefault();
          openSearch();
        }}
        className="w-full rounded-md bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <span className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-slate-500 [&_svg]:size-4">
        <SearchIcon />
      </span>
    </Form>
  );
}

/**
 * The main header of §2: title to the cover, All Products, search, account, WhatsApp
 * (only with a number) and the cart with its item count (only when orders or enquiries
 * are on). It slides away while scrolling down and comes back on scrolling up.
 */
export function MainHeader({ shop, cartCount }: { shop: ShopConfig; cartCount: number }) {
  const { t } = useTranslation();
  const hidden = useHideOnScroll();
  const openPanel = useUi((s) => s.openPanel);
  const whatsapp = whatsappLink(shop.contact.whatsappNumber ?? '');
  const cartEnabled = shop.orderConfig.orderEnabled || shop.orderConfig.enquiryEnabled;
  return (
    <header
      data-hidden={hidden}
      className={`sticky top-0 z-30 bg-primary text-on-primary shadow transition-transform duration-300 ${hidden ? '-translate-y-full' : ''}`}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 lg:flex-nowrap">
        <button type="button" onClick={() => openPanel('sideMenu')} aria-label={t('nav.menu')} className="-ml-2 rounded-full p-2 hover:bg-white/15">
          <MenuIcon />
        </button>
        <Link to={paths.cover(shop.id)} className="shrink-0 text-lg font-bold tracking-tight">
          {shop.title}
        </Link>
        <Link to={paths.catalog()} className="hidden shrink-0 text-sm font-medium hover:underline lg:inline">
          {t('nav.allProducts')}
        </Link>
        <HeaderSearch />
        <nav aria-label={t('nav.account')} className="ml-auto flex shrink-0 items-center gap-1 lg:ml-0">
          <Link to={paths.account()} aria-label={t('nav.account')} className="rounded-full p-2 hover:bg-white/15">
            <UserIcon />
          </Link>
          {whatsapp ? (
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" aria-label={t('nav.whatsapp')} className="rounded-full p-2 hover:bg-white/15">
              <ChatIcon />
            </a>
          ) : null}
          {cartEnabled ? (
            <button
              type="button"
              onClick={() => openPanel('cart')}
              aria-label={t('nav.cartWithCount', { count: cartCount })}
              className="relative rounded-full p-2 hover:bg-white/15"
            >
              <CartIcon />
              {cartCount > 0 ? (
                <span
                  data-testid="cart-badge"
                  className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-white px-1 text-center text-xs leading-5 font-bold text-primary-strong"
                >
                  {cartCount}
                </span>
              ) : null}
            </button>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
