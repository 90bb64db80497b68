import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ulid } from 'ulid';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appointmentRequestSchema, placementOf, tooManyBookingsMessage } from '../../../domain/booking.ts';
import { depositOrderRecord, type OrderRecord } from '../../../domain/order-record.ts';
import { depositPaymentTypes, type PaymentType } from '../../../domain/payment-types.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import { hashToken } from '../../db/repositories/order-placement.ts';
import type { AppointmentRepository } from '../../db/repositories/booking-repository.ts';
import { appointmentView, refuse, type Clock } from '../booking-answers.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';
import { INVALID_CREDENTIALS, requireUser } from '../../plugins/user-session.ts';
import { mailOrigin } from '../../public-origin.ts';
import { appointmentEmail, bookingTime } from '../../services/appointment-email.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import { mailLinksInBackground, type Mailer } from '../../services/mailer.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import type { OwnerAlerts } from '../../services/owner-alerts.ts';
import { errorBody, fieldsBody, wrongStore } from '../../plugins/error-body.ts';

type Options = {
  /** The config in use now (a reload changes it): read once per request. */
  shop: () => ShopConfig;
  appointments: AppointmentRepository;
  users: UserRepository;
  accessTokens: AccessTokens;
  clock: Clock;
  mailer?: Mailer | undefined;
  publicUrl?: string | undefined;
  /** The owner hears of every booking: by the live board, by push and by e-mail (issue 18). */
  ownerAlerts: OwnerAlerts;
  orderEvents: OrderEvents;
};

/**
 * `POST /fn/appointment/create` {userId, sfId, appointment} → billId (spec §7). Booking
 * is for logged-in shoppers (§6 lists appointments under them); the booking is the
 * token's user's, whatever userId the body names. The server decides the time is
 * offered and takes the place atomically (decision 021), then mails a confirmation with
 * a calendar file to the account's confirmed address.
 */
export const appointmentRoutes: FastifyPluginAsync<Options> = async (
  app,
  { shop: shopNow, appointments, users, accessTokens, clock, mailer, publicUrl, ownerAlerts, orderEvents },
) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/appointment/create', { schema: { body: appointmentRequestSchema }, preHandler: requireUser(accessTokens) }, async (req, reply) => {
      const shop = shopNow();
      const { sfId, appointment } = req.body;
      if (sfId !== shop.id) return reply.code(400).send(wrongStore('sfId'));
      const config = shop.appointments;
      if (!config.enabled) return refuse(reply, 'disabled');
      const service = config.services.find((s) => s.id === appointment.serviceId);
      if (!service) return refuse(reply, 'unknown_service');
      const now = clock();
      const placed = placementOf(config, shop, service, Date.parse(appointment.start), now);
      if (!placed.ok) return refuse(reply, placed.reason);

      const user = await users.byId(req.userId!);
      if (!user) return reply.code(401).send(INVALID_CREDENTIALS);
      // the shop must be able to reach whoever booked: the number given, else the account's
      const phone = appointment.phone || user.phone;
      if (!phone)
        return reply.code(400).send(fieldsBody([{ path: 'appointment.phone', message: 'Give a phone number so the shop can reach you about this booking.' }]));
      const details = {
        serviceName: service.name,
        price: service.price,
        durationMinutes: service.durationMinutes,
        name: user.name,
        email: user.email,
        phone,
        notes: appointment.notes,
        ...(appointment.whatsappUpdates ? { whatsappUpdates: true } : {}),
      };
      // a service that takes a deposit: the booking comes with an order for it, paid like any other (issue 39)
      const deposit = service.deposit ?? 0;
      let depositOrder: OrderRecord | undefined;
      if (deposit > 0) {
        const ways = depositPaymentTypes(shop.payment.providers);
        const paymentType = appointment.paymentType ?? ways[0];
        if (!shop.orderConfig.orderEnabled || !paymentType || !ways.includes(paymentType as PaymentType))
          return reply
            .code(400)
            .send(fieldsBody([{ path: 'appointment.paymentType', message: 'Choose how to pay the deposit: one of the ways this shop takes payment online.' }]));
        depositOrder = depositOrderRecord({
          service: { id: service.id, name: service.name, deposit },
          when: bookingTime(placed.placement.start, shop),
          contact: { name: user.name, email: user.email, phone },
          paymentType,
          shop,
          id: ulid(now),
          now,
          userId: user.id,
          // the shopper reaches the order from their account: its link's token is never sent
          tokenHash: hashToken(randomBytes(18).toString('base64url')),
        });
      }
      const booked = await appointments.book(user.id, placed.placement, details, now, config.maxUpcomingPerCustomer, depositOrder);
      if ('refused' in booked) {
        const { refused } = booked;
        return refused === 'too_many'
          ? reply.code(409).send(errorBody(refused, tooManyBookingsMessage(config.maxUpcomingPerCustomer)))
          : refuse(reply, refused);
      }
      req.log.info({ appointmentId: booked.id, serviceId: service.id }, 'appointment booked');
      orderEvents.publish({ appointmentId: booked.id, what: 'booked', at: now });
      if (booked.depositOrder) orderEvents.publish({ orderId: booked.depositOrder.id, status: 'placed', what: 'placed', at: now });
      const origin = mailOrigin(req, publicUrl, mailer);
      void ownerAlerts.bookingMade(booked, origin);

      // only a confirmed address gets the calendar file, and only when the shop can send mail with links: the page says so only then
      const to = user.email && user.email_verified === 1 ? user.email : null;
      const emailSent = to !== null && !!mailer && origin !== null;
      if (to)
        mailLinksInBackground(mailer, req.log, { email: 'booking', appointmentId: booked.id }, origin, (at) =>
          appointmentEmail({ appointment: booked, to, shop, origin: at }),
        );
      return { success: true, billId: booked.id, emailSent, appointment: appointmentView(booked, shop, now) };
    });
};
