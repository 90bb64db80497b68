import { create } from 'zustand';
import type { OrderView } from '../../domain/order-view.ts';

/**
 * UI state of §4 "UI": the side panels that darken the page (cart, side menu, search,
 * wishlist), the modals, and the loader overlay. One store, so one overlay click can
 * close everything.
 */

export const modalNames = [
  'review',
  'authentication',
  'verify-phone',
  'update-name',
  'add-email',
  'size-guide',
  'terms-and-conditions',
  'feature-not-implemented',
  'language-switcher',
  'order-confirmation',
  'newsletter',
  'order-cancel-request',
  'order-help',
  'whatsapp-help',
] as const;
export type ModalName = (typeof modalNames)[number];

/** What each modal is opened with (`openModal(name, props)`); `close` is added by the host. */
export type ModalPropsByName = {
  review: { variantId: string; title: string };
  authentication: { mode?: 'login' | 'signup' };
  'verify-phone': NoProps;
  'update-name': NoProps;
  'add-email': NoProps;
  'size-guide': { text: string };
  'terms-and-conditions': NoProps;
  'feature-not-implemented': NoProps;
  'language-switcher': NoProps;
  /** `label`: the order's number as the shopper reads it; `next`: what happens now (empty for none). */
  'order-confirmation': { label: string; kind: OrderView['kind']; next: string };
  newsletter: NoProps;
  /** `token`: the guest's notification token, null for the logged-in shopper's own order. */
  'order-cancel-request': { shopId: string; orderId: string; token: string | null; onDone?: () => void };
  'order-help': { label: string };
  'whatsapp-help': { subject?: string; title?: string };
};
type NoProps = Record<never, never>;

/** A modal's props as `openModal` takes them: optional when the modal needs none. */
type OpenArgs<N extends ModalName> = NoProps extends ModalPropsByName[N]
  ? [props?: ModalPropsByName[N], options?: { persistent?: boolean }]
  : [props: ModalPropsByName[N], options?: { persistent?: boolean }];

export type Panel = 'cart' | 'sideMenu' | 'search' | 'wishlist';

export type ModalState = {
  open: boolean;
  /** Bumped on every open, so reopening a same-named modal starts it afresh. */
  key: number;
  props: ModalPropsByName[ModalName];
  /** A persistent modal ignores overlay clicks (Escape still closes it). */
  persistent: boolean;
};

type UiState = {
  panels: Record<Panel, boolean>;
  /** Panels opened at least once: their code is loaded on first use and kept. */
  used: Record<Panel, boolean>;
  modals: Partial<Record<ModalName, ModalState>>;
  loading: number;
  /** True once a toast was asked for: the toaster then mounts (it loads on demand). */
  toasts: boolean;
  /**
   * What the shopper typed to search. The header's field and the search panel's show this one
   * value, so keys typed while the panel's code loads, or before it takes the focus, are kept.
   */
  searchQuery: string;
  setSearchQuery(query: string): void;
  wantToasts(): void;
  openPanel(panel: Panel): void;
  closePanel(panel: Panel): void;
  /** Closes the panel and unmounts it: the next open starts it afresh (after its code failed to load). */
  dropPanel(panel: Panel): void;
  closeAll(): void;
  openModal<N extends ModalName>(name: N, ...args: OpenArgs<N>): void;
  closeModal(name: ModalName): void;
  /** Closes and forgets every modal, so the modal host unmounts (after its code failed to load). */
  dropModals(): void;
  /** Shows the loader overlay until the promise settles. */
  withLoader<T>(work: Promise<T>): Promise<T>;
};

const closedPanels: Record<Panel, boolean> = { cart: false, sideMenu: false, search: false, wishlist: false };

export const useUi = create<UiState>()((set, get) => ({
  panels: closedPanels,
  used: closedPanels,
  modals: {},
  loading: 0,
  toasts: false,
  searchQuery: '',
  setSearchQuery: (searchQuery) => set({ searchQuery }),
  wantToasts: () => {
    if (!get().toasts) set({ toasts: true });
  },
  openPanel: (panel) => set((s) => ({ panels: { ...closedPanels, [panel]: true }, used: { ...s.used, [panel]: true } })),
  closePanel: (panel) => set((s) => ({ panels: { ...s.panels, [panel]: false } })),
  dropPanel: (panel) => set((s) => ({ panels: { ...s.panels, [panel]: false }, used: { ...s.used, [panel]: false } })),
  closeAll: () =>
    set((s) => ({
      panels: closedPanels,
      modals: Object.fromEntries(Object.entries(s.modals).map(([n, m]) => [n, { ...m, open: false }])),
    })),
  openModal: (name, ...[props = {}, options = {}]) =>
    set((s) => ({ modals: { ...s.modals, [name]: { open: true, key: (s.modals[name]?.key ?? 0) + 1, props, persistent: options.persistent ?? false } } })),
  closeModal: (name) =>
    set((s) => {
      const m = s.modals[name];
      return m ? { modals: { ...s.modals, [name]: { ...m, open: false } } } : {};
    }),
  dropModals: () => set({ modals: {} }),
  withLoader: async (work) => {
    set((s) => ({ loading: s.loading + 1 }));
    try {
      return await work;
    } finally {
      set({ loading: Math.max(0, get().loading - 1) });
    }
  },
}));
