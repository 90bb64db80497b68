import { describe, expect, it } from 'vitest';
import { openingHoursSchema } from './booking.ts';
import { openingSentence, openingWords } from './opening-words.ts';
import { nextOpening, orderingClosed } from './ordering-hours.ts';

// A café: weekday breakfast and dinner, a Saturday morning, closed on Sundays.
const cafe = openingHoursSchema.parse({
  mon: [
    { from: '17:00', to: '22:00' },
    { from: '07:00', to: '11:00' },
  ],
  tue: [
    { from: '07:00', to: '11:00' },
    { from: '17:00', to: '22:00' },
  ],
  wed: [
    { from: '07:00', to: '11:00' },
    { from: '17:00', to: '22:00' },
  ],
  thu: [
    { from: '07:00', to: '11:00' },
    { from: '17:00', to: '22:00' },
  ],
  fri: [
    { from: '07:00', to: '11:00' },
    { from: '17:00', to: '22:00' },
  ],
  sat: [{ from: '09:00', to: '13:00' }],
});
const kolkata = 'Asia/Kolkata'; // UTC+5:30 all year
const at = (iso: string) => Date.parse(iso);

describe('nextOpening', () => {
  it('is now while the shop takes orders (Monday 08:00 in Kolkata is 02:30 UTC)', () => {
    expect(nextOpening(cafe, [], kolkata, at('2026-11-23T02:30:00Z'))).toBe(at('2026-11-23T02:30:00Z'));
  });

  it("between two intervals of a day it is the second one's start (Monday 12:00 → 17:00, 11:30 UTC)", () => {
    expect(nextOpening(cafe, [], kolkata, at('2026-11-23T06:30:00Z'))).toBe(at('2026-11-23T11:30:00Z'));
  });

  it('over the night it is the next morning: Monday 23:30 → Tuesday 07:00 (01:30 UTC)', () => {
    expect(nextOpening(cafe, [], kolkata, at('2026-11-23T18:00:00Z'))).toBe(at('2026-11-24T01:30:00Z'));
  });

  it('closing time itself is closed: Monday 22:00 → Tuesday 07:00', () => {
    expect(nextOpening(cafe, [], kolkata, at('2026-11-23T16:30:00Z'))).toBe(at('2026-11-24T01:30:00Z'));
  });

  it('skips a closed date: Tuesday 24 November closed, Monday night → Wednesday 07:00', () => {
    expect(nextOpening(cafe, ['2026-11-24'], kolkata, at('2026-11-23T18:00:00Z'))).toBe(at('2026-11-25T01:30:00Z'));
  });

  it('wraps the week: Saturday 13:30, closed Sunday → Monday 30 November 07:00', () => {
    expect(nextOpening(cafe, [], kolkata, at('2026-11-28T08:00:00Z'))).toBe(at('2026-11-30T01:30:00Z'));
  });

  it("a day open until 24:00 runs on into the next day's 00:00", () => {
    const late = openingHoursSchema.parse({ fri: [{ from: '20:00', to: '24:00' }], sat: [{ from: '00:00', to: '02:00' }] });
    // Friday 23:59 and Saturday 01:00 are open; Saturday 02:00 waits a week for Friday 20:00
    expect(nextOpening(late, [], kolkata, at('2026-11-27T18:29:00Z'))).toBe(at('2026-11-27T18:29:00Z'));
    expect(nextOpening(late, [], kolkata, at('2026-11-27T19:30:00Z'))).toBe(at('2026-11-27T19:30:00Z'));
    expect(nextOpening(late, [], kolkata, at('2026-11-27T20:30:00Z'))).toBe(at('2026-12-04T14:30:00Z'));
  });

  it('follows a zone that moves its clocks: London opens at 09:00 local on either side of the change', () => {
    const daily = openingHoursSchema.parse(
      Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [d, [{ from: '09:00', to: '17:00' }]])),
    );
    // Saturday 24 October 18:00 BST (17:00 UTC); on Sunday 25 October clocks go back to GMT: 09:00 is 09:00 UTC
    expect(nextOpening(daily, [], 'Europe/London', at('2026-10-24T17:00:00Z'))).toBe(at('2026-10-25T09:00:00Z'));
    // Saturday 28 March 18:00 GMT; on Sunday 29 March clocks go forward to BST: 09:00 is 08:00 UTC
    expect(nextOpening(daily, [], 'Europe/London', at('2026-03-28T18:00:00Z'))).toBe(at('2026-03-29T08:00:00Z'));
  });

  it('is null when no day has hours', () => {
    expect(nextOpening(openingHoursSchema.parse({}), [], kolkata, at('2026-11-23T02:30:00Z'))).toBeNull();
  });
});

describe('orderingClosed', () => {
  const shop = (openingHours?: typeof cafe) => ({ orderConfig: { openingHours }, closedDates: ['2026-11-24'], timeZone: kolkata });

  it('a shop without ordering hours always takes orders, closed dates or not', () => {
    expect(orderingClosed(shop(), at('2026-11-24T20:00:00Z'))).toBeNull();
  });

  it('says when a shop outside its hours opens again', () => {
    expect(orderingClosed(shop(cafe), at('2026-11-23T02:30:00Z'))).toBeNull();
    expect(orderingClosed(shop(cafe), at('2026-11-23T18:00:00Z'))).toEqual({ opensAt: at('2026-11-25T01:30:00Z') });
  });
});

describe('openingWords', () => {
  const monday2330 = at('2026-11-23T18:00:00Z');

  it("says today and tomorrow as such, a later day of the week by name and one past a week by date, in the shop's zone", () => {
    expect(openingWords(at('2026-11-23T11:30:00Z'), at('2026-11-23T06:30:00Z'), kolkata, 'en-IN')).toEqual({ when: 'today', day: 'Monday', time: '5:00 pm' });
    expect(openingWords(at('2026-11-24T01:30:00Z'), monday2330, kolkata, 'en-IN')).toEqual({ when: 'tomorrow', day: 'Tuesday', time: '7:00 am' });
    expect(openingWords(at('2026-11-30T03:30:00Z'), at('2026-11-28T08:00:00Z'), kolkata, 'en-IN')).toEqual({ when: 'later', day: 'Monday', time: '9:00 am' });
    expect(openingWords(at('2027-01-02T03:30:00Z'), monday2330, kolkata, 'en-IN')).toEqual({ when: 'later', day: '2 January', time: '9:00 am' });
    // in the shopper's language, still in the shop's zone
    expect(openingWords(at('2026-11-24T01:30:00Z'), monday2330, kolkata, 'hi-IN')).toEqual({ when: 'tomorrow', day: 'मंगलवार', time: '7:00 am' });
  });

  it("writes the server's English sentence", () => {
    expect(openingSentence(at('2026-11-24T01:30:00Z'), monday2330, kolkata, 'en-US')).toBe('Ordering opens tomorrow at 7:00 AM.');
    expect(openingSentence(at('2026-11-30T03:30:00Z'), at('2026-11-28T08:00:00Z'), kolkata, 'en-IN')).toBe('Back on Monday at 9:00 am.');
    expect(openingSentence(null, monday2330, kolkata, 'en-IN')).toBe('Ordering is closed for now.');
  });
});
