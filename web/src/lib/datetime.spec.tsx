import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { initI18n, switchLanguage } from '../i18n';
import { serveFromRegion } from '../test/render';
import { hostTimeSetting, useDateTime } from './datetime';
import { rememberLanguage, resetLanguageForTests } from './locale';

const instant = '2026-11-24T05:57:00.000Z';

/** The page formatter on a host of `region`, the UI in English. */
async function formatterOn(region: 'jpn' | 'usa') {
  serveFromRegion(region);
  rememberLanguage('en-us');
  await initI18n('en-us');
  return renderHook(() => useDateTime()).result;
}

describe('times in the host region\'s zone', () => {
  afterEach(() => resetLanguageForTests());

  it('takes the zone from the host, never from the browser', () => {
    expect(hostTimeSetting('en-us')).toEqual({ language: 'en-us', timeZone: 'Asia/Tokyo' });
    serveFromRegion('usa');
    expect(hostTimeSetting('en-us').timeZone).toBe('America/New_York');
    serveFromRegion('tha');
    expect(hostTimeSetting('th-th').timeZone).toBe('Asia/Bangkok');
  });

  it('formats in the UI language and follows a change of language', async () => {
    const result = await formatterOn('jpn');
    expect(result.current.dateTime(instant)).toBe('Nov 24, 2026, 2:57 PM GMT+9');
    expect(result.current.date(instant)).toBe('Nov 24, 2026');
    expect([result.current.timeZone, result.current.zoneName]).toEqual(['Asia/Tokyo', 'GMT+9']);
    await act(() => switchLanguage('ja-jp'));
    expect(result.current.dateTime(instant)).toBe('2026/11/24 14:57 JST');
    expect(result.current.zoneName).toBe('JST');
  });

  it('shows one instant as the US host\'s local time', async () => {
    expect((await formatterOn('usa')).current.dateTime(instant)).toBe('Nov 24, 2026, 12:57 AM EST');
  });
});
