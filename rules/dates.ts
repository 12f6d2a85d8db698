/**
 * Dates as the shop writes them, one way everywhere (storefront, back office and
 * what the server renders): Indian English, day before month, in India's time
 * whatever the reader's clock says. "28 Nov 2026", "28 Nov 2026, 7:05 am".
 * Written out here, not by Intl, so the built page and the browser never differ
 * (ICU versions disagree on "Sep" and "Sept", "am" and "AM").
 */

/** The shop's time zone. India keeps UTC+05:30 the whole year (no summer time). */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
/** India Standard Time's offset from UTC: a moment plus this, read as UTC, is India's clock. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** What a date arrives as: ISO 8601 from the API, the database's "YYYY-MM-DD HH:MM:SS" (UTC), a Date or epoch milliseconds. */
export type Moment = string | number | Date | null | undefined;

/** The moment, or null when there is none or it cannot be read. A time without a zone is UTC, as the database keeps it. */
export function momentOf(at: Moment): Date | null {
  if (at === null || at === undefined || at === '') return null;
  let time: number;
  if (at instanceof Date) time = at.getTime();
  else if (typeof at === 'number') time = at;
  else {
    const text = at.trim();
    const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
    time = Date.parse(zoneless ? `${text.replace(' ', 'T')}Z` : text);
  }
  return Number.isFinite(time) ? new Date(time) : null;
}

/** The calendar parts of a moment in India. */
function inIndia(at: Date) {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: MONTHS[shifted.getUTCMonth()],
    day: shifted.getUTCDate(),
    weekday: WEEKDAYS[shifted.getUTCDay()],
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
  };
}

/** The day of the week in India: 0 Sunday to 6 Saturday. */
export function weekdayInIndia(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCDay();
}

/** "28 Nov 2026": the day in India. `missing` for no date. */
export function formatDate(at: Moment, missing = '—'): string {
  const moment = momentOf(at);
  if (!moment) return missing;
  const { day, month, year } = inIndia(moment);
  return `${day} ${month} ${year}`;
}

/** "28 Nov 2026, 7:05 am": the day and the time in India, for lists where the hour matters. `missing` for no date. */
export function formatDateTime(at: Moment, missing = '—'): string {
  const moment = momentOf(at);
  if (!moment) return missing;
  const { hours, minutes } = inIndia(moment);
  return `${formatDate(moment)}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** "Tue, 2 Dec": a day of a delivery estimate (within the year ahead), in India. `missing` for no date. */
export function formatWeekday(at: Moment, missing = '—'): string {
  const moment = momentOf(at);
  if (!moment) return missing;
  const { weekday, day, month } = inIndia(moment);
  return `${weekday}, ${day} ${month}`;
}

/** A date `days` calendar days after a day (India has no summer time: a day is 24 hours). */
export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

/** The date a number of business days (Monday to Friday in India, where the shop works) after a day. */
export function addBusinessDays(from: Date, days: number): Date {
  let date = from;
  let left = days;
  while (left > 0) {
    date = addDays(date, 1);
    const day = weekdayInIndia(date);
    if (day !== 0 && day !== 6) left--;
  }
  return date;
}

/** A window in words: "2 hours", "1 hour", "7 days" (whole days from 24 hours up), "no time" for 0. */
export function hoursText(hours: number): string {
  if (hours === 0) return 'no time';
  if (hours >= 24 && hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
