import { describe, expect, it } from 'vitest';
import {
  appointmentDays,
  appointmentsConfigSchema,
  canChange,
  cellsOf,
  checkDeliverySlot,
  dayReason,
  deliverySlotSchema,
  instantOf,
  isoInZone,
  localDate,
  openDeliverySlots,
  placementOf,
  tooManyBookingsMessage,
  type Calendar,
} from './booking.ts';
import { validateShopConfig } from './shop-config.ts';

const IST = 'Asia/Kolkata';
const calendar: Calendar = { timeZone: IST, closedDates: ['2026-11-26'] };
const config = appointmentsConfigSchema.parse({
  enabled: true,
  slotMinutes: 30,
  minimumNoticeMinutes: 120,
  horizonDays: 10,
  changeNoticeMinutes: 240,
  openingHours: {
    mon: [
      { from: '10:00', to: '12:00' },
      { from: '14:00', to: '15:00' },
    ],
    sun: [{ from: '08:00', to: '12:00' }],
  },
  services: [
    { id: 'fitting', name: 'Fitting', durationMinutes: 30, price: 150 },
    { id: 'class', name: 'Class', durationMinutes: 120, slotMinutes: 120, capacity: 8, days: ['sun'], price: 799 },
    { id: 'long', name: 'Long', durationMinutes: 90, price: 10 },
  ],
});
const [fitting, cookingClass, long] = config.services as [(typeof config.services)[0], (typeof config.services)[0], (typeof config.services)[0]];
// Saturday 21 November 2026, 09:00 in Bengaluru
const saturdayMorning = instantOf('2026-11-21', '09:00', IST);
const at = (date: string, time: string) => instantOf(date, time, IST);

describe('dates in the shop time zone', () => {
  it('a wall-clock time becomes the instant of that zone, daylight saving included', () => {
    expect(new Date(at('2026-11-23', '10:00')).toISOString()).toBe('2026-11-23T04:30:00.000Z');
    expect(new Date(instantOf('2026-03-30', '10:00', 'Europe/Berlin')).toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(new Date(instantOf('2026-03-27', '10:00', 'Europe/Berlin')).toISOString()).toBe('2026-03-27T09:00:00.000Z');
    expect(localDate(Date.parse('2026-11-21T20:00:00Z'), IST)).toBe('2026-11-22');
    expect(isoInZone(at('2026-11-23', '10:00'), IST)).toBe('2026-11-23T10:00:00.000+05:30');
  });
});

describe('appointment times', () => {
  it('start times follow the opening hours, stepped by the slot length, each booking ending by closing time', () => {
    const [monday] = appointmentDays(config, calendar, fitting, '2026-11-23', 1, saturdayMorning);
    expect(monday!.slots.map((s) => isoInZone(s.start, IST).slice(11, 16))).toEqual(['10:00', '10:30', '11:00', '11:30', '14:00', '14:30']);
    const [longMonday] = appointmentDays(config, calendar, long, '2026-11-23', 1, saturdayMorning);
    expect(longMonday!.slots.map((s) => isoInZone(s.start, IST).slice(11, 16))).toEqual(['10:00', '10:30']);
  });

  it('days without hours, closed dates and days the service does not run are closed', () => {
    const week = appointmentDays(config, calendar, fitting, '2026-11-21', 7, saturdayMorning);
    expect(week.map((d) => `${d.date}:${d.closed ? 'closed' : d.slots.length}`)).toEqual([
      '2026-11-21:closed', // Saturday: no hours
      '2026-11-22:8', // Sunday 08:00–12:00
      '2026-11-23:6',
      '2026-11-24:closed',
      '2026-11-25:closed',
      '2026-11-26:closed', // a closed date
      '2026-11-27:closed',
    ]);
    expect(appointmentDays(config, calendar, cookingClass, '2026-11-22', 2, saturdayMorning).map((d) => d.slots.length)).toEqual([2, 0]);
  });

  it('a day without times says why: closed (a closed date or no hours for the service), or too soon when the notice hides every time', () => {
    // Monday 23 November, 13:00: the morning has gone and 14:00 and 14:30 are within the two hours' notice
    const mondayOne = at('2026-11-23', '13:00');
    const week = appointmentDays(config, calendar, fitting, '2026-11-23', 7, mondayOne);
    expect(week.map((d) => `${d.date}:${d.reason ?? d.slots.length}`)).toEqual([
      '2026-11-23:too_soon',
      '2026-11-24:closed', // Tuesday: no hours
      '2026-11-25:closed',
      '2026-11-26:closed', // a closed date
      '2026-11-27:closed',
      '2026-11-28:closed',
      '2026-11-29:8', // Sunday 08:00–12:00
    ]);
    // at 11:30 the 14:00 start is still two and a half hours away
    expect(appointmentDays(config, calendar, fitting, '2026-11-23', 1, at('2026-11-23', '11:30')).map((d) => `${d.reason ?? d.slots.length}`)).toEqual(['2']);
    // the class runs on Sundays only: a Monday is closed for it though the shop is open
    expect(appointmentDays(config, calendar, cookingClass, '2026-11-30', 1, mondayOne)[0]!.reason).toBe('closed');
  });

  it('a day whose every time is taken is fully booked; one free place keeps it open; its own reason comes first', () => {
    expect(dayReason({ reason: null }, [0, 0, 0])).toBe('full');
    expect(dayReason({ reason: null }, [0, 1, 0])).toBeNull();
    expect(dayReason({ reason: 'too_soon' }, [])).toBe('too_soon');
    expect(dayReason({ reason: 'closed' }, [])).toBe('closed');
  });

  it('the minimum notice hides the next hours, and the horizon ends the list', () => {
    const sundayNine = at('2026-11-22', '09:00');
    const [today] = appointmentDays(config, calendar, fitting, '2026-11-22', 1, sundayNine);
    expect(today!.slots.map((s) => isoInZone(s.start, IST).slice(11, 16))).toEqual(['11:00', '11:30']);
    // a start in the past is read as today; ten days counting today end on 30 November
    const days = appointmentDays(config, calendar, fitting, '2026-11-01', 60, saturdayMorning);
    expect(days[0]!.date).toBe('2026-11-21');
    expect(days.at(-1)!.date).toBe('2026-11-30');
  });

  it('a requested start is checked against the same rules, with the reason', () => {
    expect(placementOf(config, calendar, fitting, at('2026-11-23', '10:30'), saturdayMorning)).toMatchObject({
      ok: true,
      placement: { end: at('2026-11-23', '11:00') },
    });
    expect(placementOf(config, calendar, fitting, at('2026-11-23', '10:15'), saturdayMorning)).toEqual({ ok: false, reason: 'not_a_slot' });
    expect(placementOf(config, calendar, fitting, at('2026-11-23', '12:00'), saturdayMorning)).toEqual({ ok: false, reason: 'not_a_slot' });
    expect(placementOf(config, calendar, fitting, at('2026-11-24', '10:00'), saturdayMorning)).toEqual({ ok: false, reason: 'closed' });
    expect(placementOf(config, calendar, fitting, at('2026-11-21', '10:30'), saturdayMorning)).toEqual({ ok: false, reason: 'too_soon' });
    expect(placementOf(config, calendar, fitting, at('2026-11-20', '10:00'), saturdayMorning)).toEqual({ ok: false, reason: 'too_soon' });
    expect(placementOf(config, calendar, fitting, at('2026-12-07', '10:00'), saturdayMorning)).toEqual({ ok: false, reason: 'too_far' });
    expect(placementOf(config, calendar, cookingClass, at('2026-11-23', '10:00'), saturdayMorning)).toEqual({ ok: false, reason: 'closed' });
  });

  it('a booking holds one cell per slot length it touches, and may change until the notice', () => {
    expect(cellsOf(config, long, at('2026-11-23', '10:00'))).toEqual([at('2026-11-23', '10:00'), at('2026-11-23', '10:30'), at('2026-11-23', '11:00')]);
    expect(cellsOf(config, cookingClass, at('2026-11-22', '08:00'))).toEqual([at('2026-11-22', '08:00')]);
    expect(canChange(config, at('2026-11-21', '13:00'), saturdayMorning)).toBe(true);
    expect(canChange(config, at('2026-11-21', '12:59'), saturdayMorning)).toBe(false);
  });
});

describe('delivery slots', () => {
  const slots = [
    deliverySlotSchema.parse({ id: 'morning', label: 'Morning', from: '08:00', to: '11:00', capacity: 2, cutoffMinutes: 600 }),
    deliverySlotSchema.parse({ id: 'evening', label: 'Evening', from: '18:00', to: '21:00', days: ['sat', 'sun'] }),
  ];

  it('are offered from today for the configured days, until their cut-off, on their weekdays, not on closed dates', () => {
    const open = openDeliverySlots(slots, { timeZone: IST, closedDates: ['2026-11-23'] }, 3, saturdayMorning);
    expect(open.map((s) => s.id)).toEqual(['2026-11-21/evening', '2026-11-22/morning', '2026-11-22/evening']);
    // Saturday 22:30: Sunday's morning closed at 22:00
    expect(openDeliverySlots(slots, calendar, 2, at('2026-11-21', '22:30')).map((s) => s.id)).toEqual(['2026-11-22/evening']);
  });

  it('an id is checked for shape, slot and time', () => {
    expect(checkDeliverySlot(slots, calendar, 3, '2026-11-22/morning', saturdayMorning)).toMatchObject({
      ok: true,
      slot: { start: at('2026-11-22', '08:00'), capacity: 2 },
    });
    expect(checkDeliverySlot(slots, calendar, 3, '2026-11-22/noon', saturdayMorning)).toEqual({ ok: false, reason: 'unknown' });
    expect(checkDeliverySlot(slots, calendar, 3, '2026-02-30/morning', saturdayMorning)).toEqual({ ok: false, reason: 'unknown' });
    expect(checkDeliverySlot(slots, calendar, 3, '2026-11-21/morning', saturdayMorning)).toEqual({ ok: false, reason: 'closed' });
    expect(checkDeliverySlot(slots, calendar, 3, '2026-11-30/morning', saturdayMorning)).toEqual({ ok: false, reason: 'closed' });
  });
});

describe('booking config', () => {
  const base = { id: 's', title: 'S', localeConfig: {}, orderConfig: {}, themeConfig: { themeId: 'default' }, contact: {} };
  it('names what is wrong: a time zone, an interval, a date, a duplicate id', () => {
    const result = validateShopConfig({
      ...base,
      timeZone: 'Mars/Olympus',
      closedDates: ['25-12-2026'],
      appointments: {
        openingHours: { mon: [{ from: '12:00', to: '10:00' }] },
        services: [
          { id: 'a', name: 'A', durationMinutes: 30, price: 1 },
          { id: 'a', name: 'B', durationMinutes: 30, price: 1 },
        ],
      },
      orderConfig: { deliverySlots: [{ id: 'x', label: 'X', from: '25:00', to: '10:00' }] },
    });
    expect(result.ok).toBe(false);
    const paths = !result.ok ? result.issues.map((i) => `${i.path}: ${i.message}`) : [];
    expect(paths).toEqual(
      expect.arrayContaining([
        'timeZone: Unknown time zone',
        'closedDates.0: Use a date like 2026-12-25',
        'appointments.openingHours.mon.0.to: An interval ends after it starts',
        'appointments.services: Service ids must be unique',
        'orderConfig.deliverySlots.0.from: Use a time like 09:30',
      ]),
    );
  });

  it('lets a shopper hold 3 upcoming bookings unless the shop says otherwise, at least 1', () => {
    expect(appointmentsConfigSchema.parse({}).maxUpcomingPerCustomer).toBe(3);
    expect(appointmentsConfigSchema.parse({ maxUpcomingPerCustomer: 10 }).maxUpcomingPerCustomer).toBe(10);
    expect(appointmentsConfigSchema.safeParse({ maxUpcomingPerCustomer: 0 }).success).toBe(false);
    expect(tooManyBookingsMessage(1)).toBe('You already have 1 upcoming appointment. Cancel one to book another.');
    expect(tooManyBookingsMessage(3)).toBe('You already have 3 upcoming appointments. Cancel one to book another.');
  });
});
