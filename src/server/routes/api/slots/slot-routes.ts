import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentDays,
  cellsOf,
  dayReason,
  deliveryResource,
  isoDate,
  isoInZone,
  localDate,
  openDeliverySlots,
  serviceCapacity,
  serviceResource,
  type DeliverySlotView,
  type SlotDayView,
} from '../../../../domain/booking.ts';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import type { Db } from '../../../db/database.ts';
import { placesTaken } from '../../../db/repositories/booking-repository.ts';
import { refuse, type Clock } from '../../booking-answers.ts';

/**
 * What can be booked now: a service's times with their free places, and the delivery
 * slots checkout may offer. Full times are listed with 0 places, so screens can show
 * them as full; the server checks again when the booking or order arrives.
 */
export const slotRoutes: FastifyPluginAsync<{ shop: () => ShopConfig; db: Db; clock: Clock }> = async (app, { shop: shopNow, db, clock }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  typed.get(
    '/appointments/slots',
    {
      schema: {
        querystring: z.object({ serviceId: z.string().min(1).max(60), from: isoDate.optional(), days: z.coerce.number().int().min(1).max(62).default(7) }),
      },
    },
    async (req, reply) => {
      const shop = shopNow();
      const config = shop.appointments;
      if (!config.enabled) return refuse(reply, 'disabled');
      const service = config.services.find((s) => s.id === req.query.serviceId);
      if (!service) return refuse(reply, 'unknown_service');
      const now = clock();
      const days = appointmentDays(config, shop, service, req.query.from ?? localDate(now, shop.timeZone), req.query.days, now);
      const all = days.flatMap((d) => d.slots);
      const taken = all.length ? await placesTaken(db, serviceResource(service.id), all[0]!.start, all.at(-1)!.end) : new Map<number, number>();
      const capacity = serviceCapacity(config, service);
      const view: SlotDayView[] = days.map((d) => {
        const slots = d.slots.map((s) => ({
          start: isoInZone(s.start, shop.timeZone),
          end: isoInZone(s.end, shop.timeZone),
          // the fullest cell the booking would hold decides
          remaining: Math.max(0, capacity - Math.max(...cellsOf(config, service, s.start).map((c) => taken.get(c) ?? 0))),
        }));
        return {
          date: d.date,
          closed: d.closed,
          reason: dayReason(
            d,
            slots.map((s) => s.remaining),
          ),
          slots,
        };
      });
      return { success: true, timeZone: shop.timeZone, serviceId: service.id, days: view };
    },
  );

  typed.get('/delivery/slots', async () => {
    const shop = shopNow();
    const now = clock();
    const open = openDeliverySlots(shop.orderConfig.deliverySlots, shop, shop.orderConfig.deliveryDays, now);
    const slots: DeliverySlotView[] = [];
    for (const def of shop.orderConfig.deliverySlots) {
      const mine = open.filter((s) => s.slotId === def.id);
      if (!mine.length) continue;
      const taken = await placesTaken(db, deliveryResource(def.id), mine[0]!.start, mine.at(-1)!.start + 1);
      for (const s of mine)
        slots.push({
          id: s.id,
          date: s.date,
          label: s.label,
          start: isoInZone(s.start, shop.timeZone),
          end: isoInZone(s.end, shop.timeZone),
          remaining: Math.max(0, s.capacity - (taken.get(s.start) ?? 0)),
        });
    }
    slots.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    return { success: true, timeZone: shop.timeZone, slots };
  });
};
