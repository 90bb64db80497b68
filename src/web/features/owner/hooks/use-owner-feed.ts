import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useNavigate } from 'react-router';
import { orderLabel } from '../../../../domain/order-number.ts';
import { orderFromApi } from '../../../../domain/order-view.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { watchOrders, type FeedEvent } from '../api/owner-api.ts';
import { orderQuery, queryClient, refreshOwnerData, upcomingBookingsQuery, whatsappMessagesQuery } from '../api/owner-queries.ts';
import { notifyOwner, playChime, soundIsOn, type Alert } from '../lib/alerts.ts';

/** Something that came in while /admin was open, shown until the owner opens or dismisses it. */
export type Arrival = Alert & { key: string };

/**
 * The live feed on every /admin screen (issue 18), and whether it is connected: each event marks what shows it stale
 * (so the board, an open order and the bookings refresh by themselves), and a new order
 * or booking is announced — the chime unless muted, a browser notification, and a line
 * at the top of the page.
 */
export function useOwnerFeed(shopId: string) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const when = useFormatWhen();
  const { fractionDigits } = usePriceFormat();
  const navigate = useNavigate();
  const [arrivals, setArrivals] = useState<Arrival[]>([]);
  const [live, setLive] = useState(false);
  // the latest formatters for the feed's callback, which lives as long as the page
  const words = useRef({ t, price, when, navigate, fractionDigits });
  useEffect(() => {
    words.current = { t, price, when, navigate, fractionDigits };
  });

  const announce = useCallback(
    (alert: Alert) => {
      setArrivals((list) => [{ ...alert, key: alert.tag }, ...list.filter((a) => a.key !== alert.tag)].slice(0, 5));
      if (soundIsOn(shopId)) playChime();
      void notifyOwner(alert, (url) => void words.current.navigate(url));
    },
    [shopId],
  );

  useEffect(() => {
    const onEvents = async (events: FeedEvent[]) => {
      const { t, price, when, fractionDigits } = words.current;
      if (events.some((e) => e.kind === 'order')) void refreshOwnerData('orders');
      if (events.some((e) => e.kind === 'booking')) void refreshOwnerData('bookings');
      for (const event of events) {
        if (event.kind === 'order' && event.what === 'placed') {
          const { order: answered } = await queryClient.fetchQuery(orderQuery(event.orderId)).catch(() => ({ order: null }));
          if (!answered) continue;
          // the answer's money in minor units, as every owner's read decodes it (decision 082)
          const order = orderFromApi(answered, fractionDigits);
          // one the shop keyed in itself is on the board already: nobody needs calling to it
          if (order.channel !== 'online') continue;
          const name = order.details.personalDetails?.fullName?.trim();
          announce({
            title: t(order.kind === 'enquiry' ? 'owner.newEnquiry' : 'owner.newOrder', { id: orderLabel(order) }),
            body: [price(order.grandTotal), t(`checkout.modes.${order.deliveryMode}`), name].filter(Boolean).join(' · '),
            url: `/admin/orders/${order.id}`,
            tag: `owner-order-${order.id}`,
          });
        }
        if (event.kind === 'order' && event.what === 'message' && !event.orderId) {
          const [latest] = await queryClient.fetchQuery(whatsappMessagesQuery()).catch(() => []);
          if (latest) announce({ title: t('owner.newWhatsapp'), body: latest.text, url: '/admin', tag: `owner-message-${latest.id}` });
          continue;
        }
        if (event.kind === 'order' && event.what === 'message') {
          const { order: answered } = await queryClient.fetchQuery(orderQuery(event.orderId)).catch(() => ({ order: null }));
          const said = answered?.history.findLast((h) => h.action === 'whatsapp.received');
          if (!answered || !said) continue;
          announce({
            title: t('owner.customerWrote', { id: orderLabel(answered) }),
            body: String(said.detail.text),
            url: `/admin/orders/${answered.id}`,
            tag: `owner-message-${answered.id}-${said.at}`,
          });
        }
        if (event.kind === 'booking') {
          const list = await queryClient.fetchQuery(upcomingBookingsQuery()).catch(() => []);
          const booking = list.find((a) => a.id === event.appointmentId);
          if (!booking) continue;
          announce({
            title: t('owner.newBooking', { service: booking.serviceName }),
            body: [when.dayAndTime(booking.start), booking.name].filter(Boolean).join(' · '),
            url: `/admin?section=bookings&date=${booking.start.slice(0, 10)}`,
            tag: `owner-booking-${booking.id}`,
          });
        }
      }
    };
    return watchOrders((events) => void onEvents(events), setLive);
  }, [announce]);

  const dismiss = useCallback((key: string) => setArrivals((list) => list.filter((a) => a.key !== key)), []);
  return { arrivals, dismiss, live };
}
