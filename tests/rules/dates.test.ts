import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatWeekday, momentOf, weekdayInIndia } from '../../rules/dates.ts';

describe('dates: one way, Indian English, in India\'s time', () => {
  it('writes a day as "28 Nov 2026" and a moment as "28 Nov 2026, 7:05 am"', () => {
    // The back office's "November 28, 2026, 7:05 AM" and the shop's "28 Nov 2026" are one now.
    expect(formatDate('2026-11-28T01:35:00.000Z')).toBe('28 Nov 2026');
    expect(formatDateTime('2026-11-28T01:35:00.000Z')).toBe('28 Nov 2026, 7:05 am');
    expect(formatDateTime('2026-11-28T06:30:00Z')).toBe('28 Nov 2026, 12:00 pm');
    expect(formatDateTime('2026-11-27T18:30:00Z')).toBe('28 Nov 2026, 12:00 am');
    expect(formatDateTime('2026-09-03T15:44:00Z')).toBe('3 Sep 2026, 9:14 pm');
  });

  it('counts the day in India whatever the reader\'s clock: 11 pm in London on 27 Nov is 28 Nov in the shop', () => {
    expect(formatDate('2026-11-27T23:00:00Z')).toBe('28 Nov 2026');
    expect(formatDate('2026-11-27T18:29:59Z')).toBe('27 Nov 2026');
    expect(formatDate('2026-11-27T18:30:00Z')).toBe('28 Nov 2026');
    // New year in India comes 5 h 30 min before London's.
    expect(formatDateTime('2026-12-31T18:45:00Z')).toBe('1 Jan 2027, 12:15 am');
  });

  it('reads the API\'s ISO times, the database\'s UTC "YYYY-MM-DD HH:MM:SS", Dates and milliseconds alike', () => {
    expect(formatDateTime('2026-11-28 01:35:00')).toBe('28 Nov 2026, 7:05 am');
    expect(formatDateTime('2026-11-28T01:35:00')).toBe('28 Nov 2026, 7:05 am');
    expect(formatDateTime('2026-11-28T07:05:00+05:30')).toBe('28 Nov 2026, 7:05 am');
    expect(formatDateTime(new Date(Date.UTC(2026, 10, 28, 1, 35)))).toBe('28 Nov 2026, 7:05 am');
    expect(formatDateTime(Date.UTC(2026, 10, 28, 1, 35))).toBe('28 Nov 2026, 7:05 am');
    expect(momentOf('2026-11-28 01:35:00')?.toISOString()).toBe('2026-11-28T01:35:00.000Z');
  });

  it('says "—" (or what the caller asks) for a date that is missing or unreadable', () => {
    for (const missing of [null, undefined, '', 'not a date', Number.NaN]) expect(formatDate(missing)).toBe('—');
    expect(formatDateTime(null, '')).toBe('');
    expect(formatWeekday('soon')).toBe('—');
  });

  it('writes a day of a delivery estimate as "Tue, 2 Dec", by India\'s calendar', () => {
    expect(formatWeekday('2026-12-02T06:00:00Z')).toBe('Wed, 2 Dec');
    expect(formatWeekday('2026-12-01T20:00:00Z')).toBe('Wed, 2 Dec');
    expect(weekdayInIndia(new Date('2026-11-28T20:00:00Z'))).toBe(0);
  });
});
