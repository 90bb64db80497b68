import { useMemo } from 'react';
import { formatMoney, type Minor } from '../../domain/money.ts';
import { usePriceFormat, useShop } from './use-shop.ts';

/**
 * Writes an amount in minor units in the shop's format and the shopper's locale: every price a
 * page shows goes through here. The API's decimals are decoded to minor units once, where an
 * answer enters the page (`orderFromApi`, `totalsFromApi`, `toMinor` with the shop's digits; decision 082), never here.
 */
export function useFormatPrice(): (amount: Minor) => string {
  const format = usePriceFormat();
  return (amount) => formatMoney(amount, format);
}

/**
 * Dates and times of bookings and delivery slots (ISO strings from the API) in the
 * shop's time zone, where the shopper will be, and the shopper's locale.
 */
export function useFormatWhen() {
  const locale = usePriceFormat().defaultLocale;
  const { timeZone } = useShop();
  return useMemo(() => {
    const make = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone, ...options });
    const day = make({ weekday: 'short', day: 'numeric', month: 'short' });
    const longDay = make({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const time = make({ hour: 'numeric', minute: '2-digit' });
    // a calendar date is the same day everywhere: read at noon UTC, formatted in UTC
    const date = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
    return {
      /** Mon, 23 Nov */
      day: (iso: string) => day.format(Date.parse(iso)),
      /** Mon, 23 Nov, for a calendar date such as 2026-11-23 (the shop's date, as the slots call gives it) */
      date: (ymd: string) => date.format(Date.parse(`${ymd}T12:00:00Z`)),
      /** Monday, 23 November 2026 */
      longDay: (iso: string) => longDay.format(Date.parse(iso)),
      /** 10:30 am */
      time: (iso: string) => time.format(Date.parse(iso)),
      /** Mon, 23 Nov, 10:30 am */
      dayTime: (iso: string) => `${day.format(Date.parse(iso))}, ${time.format(Date.parse(iso))}`,
      /** Monday, 23 November 2026, 10:30 am */
      dayAndTime: (iso: string) => `${longDay.format(Date.parse(iso))}, ${time.format(Date.parse(iso))}`,
    };
  }, [locale, timeZone]);
}
