import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * The routes of §2. Layout routes give each screen its shell: the main header with the
 * bottom navigation, the basic layout (brand bar), the basic header (with or without the
 * bottom navigation), or no header at all.
 */
export default [
  layout('layouts/main-layout.tsx', [route('home', 'routes/home.tsx'), route('catalog', 'routes/catalog.tsx')]),
  layout('layouts/basic-layout.tsx', [
    index('routes/cover.tsx'),
    route('email-confirmed', 'routes/email-confirmed.tsx'),
    route('newsletter-confirmed', 'routes/newsletter-confirmed.tsx'),
  ]),
  layout('layouts/basic-header-layout.tsx', [
    route('p/:sku', 'routes/product.tsx'),
    route('appointment', 'routes/appointment.tsx'),
    route('appointment/success', 'routes/appointment-success.tsx'),
  ]),
  layout('layouts/basic-header-no-nav-layout.tsx', [
    route('faqs', 'routes/static-page.tsx', { id: 'faqs' }),
    route('t-and-c', 'routes/static-page.tsx', { id: 't-and-c' }),
    route('privacy', 'routes/static-page.tsx', { id: 'privacy' }),
    route('checkout', 'routes/checkout.tsx', { id: 'checkout' }),
    route('checkout2', 'routes/checkout.tsx', { id: 'checkout2' }),
  ]),
  layout('layouts/bare-layout.tsx', [
    route('account', 'routes/account.tsx', { id: 'account' }),
    route('account-new', 'routes/account.tsx', { id: 'account-new' }),
    route('account/orders/:id', 'routes/account-order.tsx'),
    route('account/orders/:id/invoice', 'routes/account-invoice.tsx'),
    route('guest/view-order', 'routes/guest-order.tsx'),
    route('guest/invoice', 'routes/guest-invoice.tsx'),
    route('admin', 'routes/admin.tsx', [
      route('orders/new', 'routes/admin-new-order.tsx'),
      route('orders/:id', 'routes/admin-order.tsx'),
      route('orders/:id/print/:kind', 'routes/admin-print.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
