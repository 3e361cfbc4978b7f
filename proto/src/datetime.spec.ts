import { describe, expect, it } from 'vitest';
import { REGIONS } from './enums.js';
import { formatDate, formatDateTime, regionTimeZone, timeZoneName, zonedDate, zonedDayEnd, zonedDayStart, zonedTimestamp } from './datetime.js';

const instant = '2026-11-24T05:57:00.000Z';

describe('the time zone of each region', () => {
  it('names the zone of the spec regions', () => {
    expect(Object.fromEntries(REGIONS.map((r) => [r, regionTimeZone(r)]))).toEqual({
      jpn: 'Asia/Tokyo', usa: 'America/New_York', mys: 'Asia/Kuala_Lumpur', chn: 'Asia/Shanghai', twn: 'Asia/Taipei', vnm: 'Asia/Ho_Chi_Minh',
      tha: 'Asia/Bangkok', phl: 'Asia/Manila', sgp: 'Asia/Singapore', idn: 'Asia/Jakarta', other: 'UTC',
    });
  });

  it('is a zone the platform knows', () => {
    for (const region of REGIONS) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: regionTimeZone(region) })).not.toThrow();
  });
});

describe('formatDateTime', () => {
  it('writes numeric dates and a 24-hour clock in Japanese and Chinese, with the zone', () => {
    expect(formatDateTime(instant, { language: 'ja-jp', timeZone: 'Asia/Tokyo' })).toBe('2026/11/24 14:57 JST');
    expect(formatDateTime(instant, { language: 'zh-tw', timeZone: 'Asia/Taipei' })).toContain('2026/11/24');
    expect(formatDateTime(instant, { language: 'zh-tw', timeZone: 'Asia/Taipei' })).toContain('13:57');
  });

  it('names the month in the other languages, in the region\'s zone', () => {
    expect(formatDateTime(instant, { language: 'en-us', timeZone: 'America/New_York' })).toBe('Nov 24, 2026, 12:57 AM EST');
    expect(formatDateTime(instant, { language: 'en-us', timeZone: 'Asia/Tokyo' })).toBe('Nov 24, 2026, 2:57 PM GMT+9');
    expect(formatDateTime(new Date(instant), { language: 'th-th', timeZone: 'Asia/Bangkok' })).toMatch(/^24 .+ 2026 12:57 GMT\+7$/);
  });

  it('shows one instant as different wall times in different zones, and follows summer time', () => {
    const july = '2026-07-01T12:00:00Z';
    expect(formatDateTime(july, { language: 'en-us', timeZone: 'America/New_York' })).toBe('Jul 1, 2026, 8:00 AM EDT');
    expect(formatDateTime(july, { language: 'en-us', timeZone: 'UTC' })).toBe('Jul 1, 2026, 12:00 PM UTC');
  });

  it('counts Gregorian years in Thai (not the Buddhist era)', () => {
    expect(formatDate(instant, { language: 'th-th', timeZone: 'Asia/Bangkok' })).toContain('2026');
    expect(formatDate(instant, { language: 'th-th', timeZone: 'Asia/Bangkok' })).not.toContain('2569');
  });

  it('dates an instant by the zone: late evening in New York is the next day in Tokyo', () => {
    const evening = '2026-11-24T23:30:00Z';
    expect(formatDate(evening, { language: 'ja-jp', timeZone: 'Asia/Tokyo' })).toBe('2026/11/25');
    expect(formatDate(evening, { language: 'en-us', timeZone: 'America/New_York' })).toBe('Nov 24, 2026');
  });

  it('names the zone alone', () => {
    expect(timeZoneName({ language: 'ja-jp', timeZone: 'Asia/Tokyo' })).toBe('JST');
    expect(timeZoneName({ language: 'en-us', timeZone: 'America/New_York' }, new Date(instant))).toBe('EST');
  });
});

describe('calendar dates in a zone', () => {
  it('starts a day at local midnight', () => {
    expect(zonedDayStart('2026-11-24', 'Asia/Tokyo').toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(zonedDayStart('2026-11-24', 'America/New_York').toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(zonedDayStart('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(zonedDayStart('2026-11-24', 'UTC').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(zonedDayStart('2026-11-24', 'Asia/Bangkok').toISOString()).toBe('2026-11-23T17:00:00.000Z');
  });

  it('ends a day at the next local midnight, across a change of summer time and a month end', () => {
    // 2026-03-08: New York moves its clocks forward, so that day has 23 hours.
    expect(zonedDayEnd('2026-03-08', 'America/New_York').getTime() - zonedDayStart('2026-03-08', 'America/New_York').getTime()).toBe(23 * 3600_000);
    expect(zonedDayEnd('2026-11-30', 'Asia/Tokyo').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(zonedDayEnd('2026-12-31', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('gives the date and a spreadsheet time stamp of an instant in a zone', () => {
    expect(zonedDate('2026-11-24T23:30:00Z', 'Asia/Tokyo')).toBe('2026-11-25');
    expect(zonedDate('2026-11-24T23:30:00Z', 'America/New_York')).toBe('2026-11-24');
    expect(zonedTimestamp(instant, 'Asia/Tokyo')).toBe('2026-11-24 14:57:00');
    expect(zonedTimestamp('2026-11-24T15:00:00Z', 'Asia/Tokyo')).toBe('2026-11-25 00:00:00');
  });
});
