import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instantOf, isoDate, localDate, type OwnerAppointmentView } from '../../../domain/booking.ts';
import { addDays } from '../../../domain/calendar-dates.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { AppointmentRecord, AppointmentRepository } from '../../db/repositories/booking-repository.ts';
import type { DeviceRepository } from '../../db/repositories/device-repository.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';
import { publicOrigin } from '../../public-origin.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import { appointmentCancelledEmail, bookingCancelledNews } from '../../services/appointment-email.ts';
import { mailInBackground, type Mailer } from '../../services/mailer.ts';
import type { PushSender } from '../../services/push.ts';
import { pushToUser } from '../../services/user-push.ts';
import { appointmentView, type Clock } from '../fn/appointment-routes.ts';
import { requireOwner } from './owner-order-routes.ts';

type Options = {
  shop: ShopConfig;
  accessTokens: AccessTokens;
  users: UserRepository;
  appointments: AppointmentRepository;
  devices: DeviceRepository;
  push: PushSender | undefined;
  mailer: Mailer | undefined;
  publicUrl: string | undefined;
  clock: Clock;
};

const ownerView = (a: AppointmentRecord, shop: ShopConfig, now: number): OwnerAppointmentView => ({
  ...appointmentView(a, shop, now),
  name: a.details.name,
  email: a.details.email,
  phone: a.details.phone,
});

const REFUSED = {
  not_found: [404, 'There is no such booking.'],
  cancelled: [409, 'This booking was cancelled already.'],
  too_late: [409, 'This booking has ended.'],
  full: [409, 'This booking cannot be changed.'],
} as const;

/**
 * The owner's bookings (issue 8), under /admin/api: one day's bookings in the shop's
 * time zone (today by default) and cancelling one that has not ended. Cancelling gives
 * its place back once, is audited in the same transaction, and the shopper is told by
 * push and, at a confirmed address, by e-mail with a calendar cancellation.
 */
export const ownerAppointmentRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { shop, appointments, users, clock } = options;
  app.addHook('preValidation', requireOwner(options.accessTokens, options.users));
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/appointments', { schema: { querystring: z.object({ date: isoDate.optional() }) } }, async (req) => {
    const now = clock();
    const date = req.query.date ?? localDate(now, shop.timeZone);
    const list = await appointments.listBetween(instantOf(date, '00:00', shop.timeZone), instantOf(addDays(date, 1), '00:00', shop.timeZone));
    return { success: true, date, appointments: list.map((a) => ownerView(a, shop, now)) };
  });

  typed.post('/appointments/:id/cancel', { schema: { params: z.object({ id: z.string().min(1).max(64) }) } }, async (req, reply) => {
    const now = clock();
    const cancelled = await appointments.cancelByOwner(req.params.id, req.userId!, now);
    if ('refused' in cancelled) {
      const [code, message] = REFUSED[cancelled.refused];
      return reply.code(code).send({ success: false, error: cancelled.refused, message });
    }
    req.log.info({ appointmentId: cancelled.id }, 'appointment cancelled by the owner');
    const origin = publicOrigin(req, options.publicUrl);
    void pushToUser({ devices: options.devices, push: options.push, log: req.log }, cancelled.userId, { title: shop.title, body: bookingCancelledNews(cancelled, shop), url: '/account?activePage=appointments', tag: `booking-${cancelled.id}` });
    const user = await users.byId(cancelled.userId);
    if (user?.email && user.email_verified === 1) {
      const input = { appointment: cancelled, to: user.email, shop, origin };
      mailInBackground(options.mailer, req.log, { email: 'booking cancelled', appointmentId: cancelled.id }, () => appointmentCancelledEmail(input));
    }
    return { success: true, appointment: ownerView(cancelled, shop, now) };
  });
};
