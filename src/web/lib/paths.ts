/** Every path the app links to, in one place. */
export const paths = {
  cover: (shopId?: string) => (shopId ? `/?sfId=${encodeURIComponent(shopId)}` : '/'),
  home: () => '/home',
  catalog: (filter?: { categories?: string[]; tags?: string[] }) => {
    const params = new URLSearchParams();
    if (filter?.categories?.length) params.set('categories', filter.categories.join(','));
    if (filter?.tags?.length) params.set('tags', filter.tags.join(','));
    const q = params.toString();
    return q ? `/catalog?${q}` : '/catalog';
  },
  product: (variantId: string) => `/p/${encodeURIComponent(variantId)}`,
  checkout: () => '/checkout',
  account: (activePage?: string) => (activePage ? `/account?activePage=${encodeURIComponent(activePage)}` : '/account'),
  /** One of the logged-in shopper's orders; the order id is no secret, the session is what opens it. */
  accountOrder: (orderId: string) => `/account/orders/${encodeURIComponent(orderId)}`,
  accountInvoice: (orderId: string) => `/account/orders/${encodeURIComponent(orderId)}/invoice`,
  faqs: () => '/faqs',
  terms: () => '/t-and-c',
  privacy: () => '/privacy',
  appointment: () => '/appointment',
  appointmentSuccess: (billId: string, moved = false) => `/appointment/success?${new URLSearchParams({ billId, ...(moved ? { moved: '1' } : {}) }).toString()}`,
} as const;
