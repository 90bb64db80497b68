import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placementOf } from '../../../../domain/booking.ts';
import { depositLineName } from '../../../../domain/order-record.ts';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import type { AppointmentRepository } from '../../../db/repositories/booking-repository.ts';
import { requireUser } from '../../../plugins/user-session.ts';
import type { AccessTokens } from '../../../services/access-tokens.ts';
import { bookingTime } from '../../../services/appointment-email.ts';
import { appointmentView, refuse, type Clock } from '../../booking-answers.ts';

type Options = { shop: () => ShopConfig; appointments: AppointmentRepository; accessTokens: AccessTokens; clock: Clock };

const MINUTE = 60_000;

/**
 * The logged-in user's bookings (spec §7 api/user/appointments), and cancelling or
 * moving one until `changeNoticeMinutes` before it starts. Another user's booking
 * answers 404, like one that does not exist; a move is all or nothing.
 */
export const userAppointmentRoutes: FastifyPluginAsync<Options> = async (app, { shop: shopNow, appointments, accessTokens, clock }) => {
  app.addHook('preHandler', requireUser(accessTokens));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const idParam = z.object({ id: z.string().min(1).max(64) });
  const notBefore = (shop: ShopConfig, now: number) => now + shop.appointments.changeNoticeMinutes * MINUTE;

  typed.get('/user/appointments', async (req) => {
    const shop = shopNow();
    const now = clock();
    return (await appointments.listForUser(req.userId!)).map((a) => appointmentView(a, shop, now));
  });

  typed.post('/user/appointments/:id/cancel', { schema: { params: idParam } }, async (req, reply) => {
    const shop = shopNow();
    const now = clock();
    const cancelled = await appointments.cancel(req.userId!, req.params.id, notBefore(shop, now), now);
    if ('refused' in cancelled) return refuse(reply, cancelled.refused);
    req.log.info({ appointmentId: cancelled.id }, 'appointment cancelled');
    return { success: true, appointment: appointmentView(cancelled, shop, now) };
  });

  typed.post(
    '/user/appointments/:id/reschedule',
    { schema: { params: idParam, body: z.object({ start: z.iso.datetime({ offset: true, error: 'Use a time like 2026-11-23T10:30:00+05:30' }) }) } },
    async (req, reply) => {
      const shop = shopNow();
      const now = clock();
      const current = await appointments.findForUser(req.userId!, req.params.id);
      if (!current) return refuse(reply, 'not_found');
      const service = shop.appointments.services.find((s) => s.id === current.serviceId);
      if (!shop.appointments.enabled || !service) return refuse(reply, 'unknown_service');
      const placed = placementOf(shop.appointments, shop, service, Date.parse(req.body.start), now);
      if (!placed.ok) return refuse(reply, placed.reason);
      const depositLine = current.deposit ? depositLineName(bookingTime(placed.placement.start, shop)) : undefined;
      const moved = await appointments.reschedule(req.userId!, current.id, placed.placement, notBefore(shop, now), now, depositLine);
      if ('refused' in moved) return refuse(reply, moved.refused);
      req.log.info({ appointmentId: moved.id }, 'appointment moved');
      return { success: true, appointment: appointmentView(moved, shop, now) };
    },
  );
};
