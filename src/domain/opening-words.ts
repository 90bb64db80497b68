/**
 * When ordering opens again, in words (decision 050): "Ordering opens at 7:00 am",
 * "Back on Monday at 9:00 am", in the shop's time zone and a language's way of writing
 * times. No dependencies: the storefront's closed notice and the server's refusal share it.
 */

export type OpeningWords = {
  /** today and tomorrow are said as such; later days by name ("Monday"), or by date past a week ("2 January"). */
  when: 'today' | 'tomorrow' | 'later';
  day: string;
  time: string;
};

const DAY_MS = 86_400_000;

/** The date at an instant in a time zone, as YYYY-MM-DD. */
function dateIn(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function openingWords(opensAt: number, now: number, timeZone: string, locale: string): OpeningWords {
  const daysAhead = Math.round((Date.parse(dateIn(opensAt, timeZone)) - Date.parse(dateIn(now, timeZone))) / DAY_MS);
  const when = daysAhead <= 0 ? 'today' : daysAhead === 1 ? 'tomorrow' : 'later';
  const dayFormat: Intl.DateTimeFormatOptions = daysAhead < 7 ? { weekday: 'long' } : { day: 'numeric', month: 'long' };
  return {
    when,
    day: new Intl.DateTimeFormat(locale, { timeZone, ...dayFormat }).format(opensAt),
    time: new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(opensAt),
  };
}

/** The server's English for a refused order's message and the log: the storefront says the same through its catalogs. */
export function openingSentence(opensAt: number | null, now: number, timeZone: string, locale: string): string {
  if (opensAt === null) return 'Ordering is closed for now.';
  const { when, day, time } = openingWords(opensAt, now, timeZone, locale);
  if (when === 'today') return `Ordering opens at ${time}.`;
  if (when === 'tomorrow') return `Ordering opens tomorrow at ${time}.`;
  return `Back on ${day} at ${time}.`;
}
