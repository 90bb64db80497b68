import { describe, expect, it } from 'vitest';
import { cachingFor, isBrowsingRequest, offlinePage, readPushMessage } from './rules.ts';

const at = (path: string) => new URL(path, 'https://shop.example');

describe('what the service worker keeps', () => {
  it('keeps the pages a shopper browses, and their navigation data', () => {
    for (const path of [
      '/',
      '/home',
      '/catalog',
      '/catalog?categories=fruits',
      '/p/apple-shimla',
      '/faqs',
      '/t-and-c',
      '/privacy',
      '/p/apple-shimla.data',
      '/catalog.data?_routes=routes%2Fcatalog',
      '/_root.data',
    ]) {
      expect(isBrowsingRequest(at(path)), path).toBe(true);
    }
  });

  it('never keeps checkout, the account, booking or order views: they need the server', () => {
    for (const path of [
      '/checkout',
      '/checkout2',
      '/checkout.data',
      '/account',
      '/account-new',
      '/appointment',
      '/appointment/success',
      '/guest/view-order',
      '/email-confirmed',
      '/api/user/cart',
      '/p/a/b',
      '/p/',
    ]) {
      expect(isBrowsingRequest(at(path)), path).toBe(false);
    }
  });
});

describe('how the service worker answers', () => {
  const origin = 'https://shop.example';
  const get = { method: 'GET', mode: 'cors' };
  const navigate = { method: 'GET', mode: 'navigate' };

  it('asks the server for the catalog first, and uses its copy only when the network fails, so the stock shown is never an old copy', () => {
    const rule = cachingFor(at('/api/catalog'), get, origin);
    expect(rule).toEqual({ strategy: 'network-first', cacheName: 'catalog' });
    // no timeout: a slow network still gets today's stock, not the copy
    expect(rule?.networkTimeoutSeconds).toBeUndefined();
  });

  it('keeps browsed pages network first with a copy after 5 s, images cache first for 30 days', () => {
    expect(cachingFor(at('/p/apple-shimla'), navigate, origin)).toMatchObject({ strategy: 'network-first', cacheName: 'pages', networkTimeoutSeconds: 5 });
    expect(cachingFor(at('/img/400/products/tea.jpg'), get, origin)).toMatchObject({
      strategy: 'cache-first',
      cacheName: 'images',
      maxAgeSeconds: 30 * 24 * 3600,
    });
  });

  it('sends checkout and the other pages that need the server to the network only, and leaves other sites and calls alone', () => {
    expect(cachingFor(at('/checkout'), navigate, origin)).toEqual({ strategy: 'network-only' });
    expect(cachingFor(at('/fn/order/quote'), { method: 'POST', mode: 'cors' }, origin)).toBeNull();
    expect(cachingFor(at('/api/user/cart'), get, origin)).toBeNull();
    expect(cachingFor(new URL('https://cdn.example/api/catalog'), get, origin)).toBeNull();
  });
});

describe('push messages', () => {
  const origin = 'https://shop.example';

  it('show the title and text, and open the shop at the message address', () => {
    expect(readPushMessage({ title: 'Order confirmed', body: 'Order 01J is confirmed.', url: '/account?activePage=orders', tag: 'order-01J' }, origin)).toEqual(
      {
        title: 'Order confirmed',
        body: 'Order 01J is confirmed.',
        url: '/account?activePage=orders',
        tag: 'order-01J',
      },
    );
  });

  it('never open another site, and ignore a message without a title', () => {
    expect(readPushMessage({ title: 'Hi', body: 'x', url: 'https://evil.example/phish' }, origin)?.url).toBe('/');
    expect(readPushMessage({ title: 'Hi', url: 'javascript:alert(1)' }, origin)?.url).toBe('/');
    expect(readPushMessage({ body: 'no title' }, origin)).toBeNull();
    expect(readPushMessage('text', origin)).toBeNull();
  });
});

describe('the offline page', () => {
  it('says what needs a connection, and that no order was placed', () => {
    expect(offlinePage('/checkout')).toContain('Checkout needs a connection. Your cart is kept on this device and no order has been placed.');
    expect(offlinePage('/appointment')).toContain('Nothing has been booked.');
    expect(offlinePage('/p/tomato')).toContain('has not been opened on this device before');
  });

  it('says the shop cannot be reached, not offline, when the browser is online', () => {
    const page = offlinePage('/checkout', true);
    expect(page).toContain('<h1>The shop cannot be reached</h1>');
    expect(page).not.toContain('offline');
    expect(offlinePage('/checkout', false)).toContain("<h1>You're offline</h1>");
  });

  it('cannot be broken out of by the address', () => {
    const page = offlinePage('/p/"><script>alert(1)</script>');
    expect(page).not.toContain('<script>');
    expect(page).toContain('href="/p/&#34;&#62;&#60;script&#62;');
  });
});
