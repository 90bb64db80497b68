import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingOutcomes, instantOf, isoDate, localDate, type OwnerAppointmentView } from '../../../domain/booking.ts';
import { addDays } from '../../../domain/calendar-dates.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { AppointmentRecord, AppointmentRepository } from '../../db/repositories/booking-repository.ts';
import type { DeviceRepository } from '../../db/repositories/device-repository.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';
import { mailOrigin } from '../../public-origin.ts';
import { appointmentCancelledEmail, bookingCancelledNews } from '../../services/appointment-email.ts';
import { mailLinksInBackground, type Mailer } from '../../services/mailer.ts';
import type { PushSender } from '../../services/push.ts';
import { pushToUser } from '../../services/user-push.ts';
import { appointmentView, type Clock } from '../booking-answers.ts';
import { errorBody } from '../../plugins/error-body.ts';
import type { OrderEvents } from '../../services/order-events.ts';

type Options = {
  /** The config in use now (a reload changes it): read once per request. */
  shop: () => ShopConfig;
  users: UserRepository;
  appointments: AppointmentRepository;
  devices: DeviceRepository;
  push: PushSender | undefined;
  mailer: Mailer | undefined;
  publicUrl: string | undefined;
  /** A booking that took place completes its paid deposit's order: the board hears of it. */
  orderEvents: OrderEvents;
  clock: Clock;
};

const ownerView = (a: AppointmentRecord, shop: ShopConfig, now: number): OwnerAppointmentView => ({
  ...appointmentView(a, shop, now),
  name: a.details.name,
  email: a.details.email,
  phone: a.details.phone,
  started: a.start <= now,
});

const REFUSED = {
  not_found: [404, 'There is no such booking.'],
  cancelled: [409, 'This booking was cancelled already.'],
  too_late: [409, 'This booking has ended.'],
  full: [409, 'This booking cannot be changed.'],
} as const;

const OUTCOME_REFUSED = {
  not_found: [404, 'There is no such booking.'],
  cancelled: [409, 'This booking was cancelled.'],
  not_started: [409, 'This booking has not started yet.'],
} as const;

/**
 * The owner's bookings (issue 8), under /admin/api: one day's bookings in the shop's
 * time zone (today by default) and cancelling one that has not ended. Cancelling gives
 * its place back once, is audited in the same transaction, and the shopper is told by
 * push and, at a confirmed address, by e-mail with a calendar cancellation.
 */
export const ownerAppointmentRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { shop: shopNow, appointments, users, orderEvents, clock } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/appointments', { schema: { querystring: z.object({ date: isoDate.optional() }) } }, async (req) => {
    const shop = shopNow();
    const now = clock();
    const date = req.query.date ?? localDate(now, shop.timeZone);
    const list = await appointments.listBetween(instantOf(date, '00:00', shop.timeZone), instantOf(addDays(date, 1), '00:00', shop.timeZone));
    return { success: true, date, appointments: list.map((a) => ownerView(a, shop, now)) };
  });

  /** The bookings still to come in the next 7 days from now, beside the day view. */
  typed.get('/appointments/upcoming', async () => {
    const shop = shopNow();
    const now = clock();
    const list = await appointments.upcoming(now, now + 7 * 86_400_000);
    return { success: true, appointments: list.map((a) => ownerView(a, shop, now)) };
  });

  typed.post(
    '/appointments/:id/outcome',
    { schema: { params: z.object({ id: z.string().min(1).max(64) }), body: z.object({ outcome: z.enum(bookingOutcomes) }) } },
    async (req, reply) => {
      const shop = shopNow();
      const now = clock();
      const marked = await appointments.setOutcome(req.params.id, req.body.outcome, req.userId!, now);
      if ('refused' in marked) {
        const [code, message] = OUTCOME_REFUSED[marked.refused];
        return reply.code(code).send(errorBody(marked.refused, message));
      }
      if (marked.deposit?.state === 'paid') orderEvents.publish({ orderId: marked.deposit.orderId, status: 'delivered', what: 'status', at: now });
      return { success: true, appointment: ownerView(marked, shop, now) };
    },
  );

  typed.post('/appointments/:id/cancel', { schema: { params: z.object({ id: z.string().min(1).max(64) }) } }, async (req, reply) => {
    const shop = shopNow();
    const now = clock();
    const cancelled = await appointments.cancelByOwner(req.params.id, req.userId!, now);
    if ('refused' in cancelled) {
      const [code, message] = REFUSED[cancelled.refused];
      return reply.code(code).send(errorBody(cancelled.refused, message));
    }
    req.log.info({ appointmentId: cancelled.id }, 'appointment cancelled by the owner');
    const origin = mailOrigin(req, options.publicUrl, options.mailer);
    void pushToUser({ devices: options.devices, push: options.push, log: req.log }, cancelled.userId, {
      title: shop.title,
      body: bookingCancelledNews(cancelled, shop),
      url: '/account?activePage=appointments',
      tag: `booking-${cancelled.id}`,
    });
    const user = await users.byId(cancelled.userId);
    if (user?.email && user.email_verified === 1) {
      const to = user.email;
      mailLinksInBackground(options.mailer, req.log, { email: 'booking cancelled', appointmentId: cancelled.id }, origin, (at) =>
        appointmentCancelledEmail({ appointment: cancelled, to, shop, origin: at }),
      );
    }
    return { success: true, appointment: ownerView(cancelled, shop, now) };
  });
};
