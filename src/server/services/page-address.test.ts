import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-address.ts';

describe('pageAddress', () => {
  it('drops tracking and made-up parameters: the page of the bare address', () => {
    expect(pageAddress('/home?utm_source=newsletter&utm_medium=email&fbclid=IwAR1&gclid=Cj0K')).toBe('/home');
    expect(pageAddress('/p/tee-red-m?x=1&ref=ad')).toBe('/p/tee-red-m');
    expect(pageAddress('/?sfId=demo')).toBe('/');
    expect(pageAddress('/faqs?')).toBe('/faqs');
    expect(pageAddress('/home#top')).toBe('/home');
  });

  it("keeps the parameters the page reads, by name, each name's values in their order", () => {
    expect(pageAddress('/catalog?utm_source=x&tags=new&q=red+tee&categories=wear&categories=fruit')).toBe(
      '/catalog?categories=wear&categories=fruit&q=red+tee&tags=new',
    );
    expect(pageAddress('/catalog?q=red%20tee')).toBe('/catalog?q=red+tee');
    expect(pageAddress('/catalog?dineInSpaceId=t4&fbclid=1')).toBe('/catalog?dineInSpaceId=t4');
    expect(pageAddress('/checkout?orderId=01J&payment=paid&utm_source=payu')).toBe('/checkout?orderId=01J&payment=paid');
    expect(pageAddress('/account?activePage=orders&x=1')).toBe('/account?activePage=orders');
    expect(pageAddress('/appointment/success?billId=b1&moved=1')).toBe('/appointment/success?billId=b1&moved=1');
    expect(pageAddress('/admin?section=bookings&date=2026-11-27&x=1')).toBe('/admin?date=2026-11-27&section=bookings');
    // another page's parameter means nothing here
    expect(pageAddress('/home?q=tee&activePage=orders')).toBe('/home');
    expect(pageAddress('/admin/orders/01J?section=stock')).toBe('/admin/orders/01J');
  });

  it("keeps React Router's own on a data request, which is its page's", () => {
    expect(pageAddress('/catalog.data?q=tee&_routes=routes%2Fcatalog&utm_source=x')).toBe('/catalog.data?_routes=routes%2Fcatalog&q=tee');
    expect(pageAddress('/_root.data?_routes=root&x=1')).toBe('/_root.data?_routes=root');
    expect(pageAddress('/catalog/?q=tee&x=1')).toBe('/catalog/?q=tee');
  });

  it('takes any address without throwing', () => {
    for (const url of ['/catalog?q=%E0%A4', '/%zz?x=1', '/catalog?&&=&q', '//evil.example/?q=1', '/catalog?q=a#b?c'])
      expect(() => pageAddress(url)).not.toThrow();
    expect(pageAddress('/catalog?q=%E0%A4')).toBe('/catalog?q=%EF%BF%BD');
  });
});
