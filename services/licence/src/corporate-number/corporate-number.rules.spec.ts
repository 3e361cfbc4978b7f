import { describe, expect, it } from 'vitest';
import { checkDigit, normaliseName, searchOutcome, validCorporateNumber } from './corporate-number.rules.js';
import { SANDBOX_CORPORATIONS } from './sandbox-dataset.js';
import { NtaCorporateNumberDirectory, parseNtaXml } from './nta.adapter.js';
import { corporateNumberDirectory } from './corporate-number.config.js';

describe('corporate numbers', () => {
  it('computes the NTA check digit', () => {
    // National Tax Agency itself: 7000012050002.
    expect(checkDigit('000012050002')).toBe(7);
    expect(validCorporateNumber('7000012050002')).toBe(true);
    expect(validCorporateNumber('8000012050002')).toBe(false);
    expect(validCorporateNumber('700001205000')).toBe(false);
  });
  it('every corporation of the sandbox dataset has a valid number, and the numbers are unique', () => {
    for (const c of SANDBOX_CORPORATIONS) expect(validCorporateNumber(c.corporate_number), c.name).toBe(true);
    expect(new Set(SANDBOX_CORPORATIONS.map((c) => c.corporate_number)).size).toBe(SANDBOX_CORPORATIONS.length);
  });
  it('normalises names for comparison', () => {
    expect(normaliseName('ＡＢＣ　株式会社')).toBe('abc株式会社');
  });
  it('classifies a search answer', () => {
    expect(searchOutcome(0)).toBe('no_result');
    expect(searchOutcome(3)).toBe('found');
    expect(searchOutcome(21)).toBe('too_many');
  });
});

describe('NTA Web-API answer', () => {
  it('reads the count and the corporations of an XML answer (version 4, type 12)', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<corporations><lastUpdateDate>2026-11-20</lastUpdateDate><count>2</count><divideNumber>1</divideNumber><divideSize>1</divideSize>
<corporation><sequenceNumber>1</sequenceNumber><corporateNumber>7000012050002</corporateNumber><process>01</process><correct>0</correct>
<updateDate>2018-04-02</updateDate><changeDate>2015-10-05</changeDate><name>国税庁</name><kind>101</kind>
<prefectureName>東京都</prefectureName><cityName>千代田区</cityName><streetNumber>霞が関３丁目１－１</streetNumber><closeDate></closeDate><latest>1</latest></corporation>
<corporation><sequenceNumber>2</sequenceNumber><corporateNumber>1234567890123</corporateNumber><name>A &amp; B 株式会社</name>
<prefectureName>大阪府</prefectureName><cityName>大阪市北区</cityName><streetNumber>梅田１－１</streetNumber><closeDate>2020-01-01</closeDate><latest>1</latest></corporation>
</corporations>`;
    const parsed = parseNtaXml(xml);
    expect(parsed.total).toBe(1);
    expect(parsed.candidates).toEqual([
      { corporate_number: '7000012050002', name: '国税庁', location: '東京都千代田区霞が関３丁目１－１' },
    ]);
  });
});

describe('NTA Web-API adapter', () => {
  it('asks /4/name with the application id, a partial fuzzy match, XML in Unicode and closed corporations left out', async () => {
    const seen: URL[] = [];
    const fetchFn = (async (url: URL) => {
      seen.push(url);
      return new Response('<corporations><count>0</count></corporations>', { status: 200 });
    }) as unknown as typeof fetch;
    const directory = new NtaCorporateNumberDirectory('APP123', 'https://nta.example', 1000, fetchFn);
    expect(await directory.searchByName('デモ 商事')).toEqual({ total: 0, candidates: [] });
    expect(seen[0]!.origin + seen[0]!.pathname).toBe('https://nta.example/4/name');
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ id: 'APP123', name: 'デモ 商事', type: '12', mode: '2', target: '1', close: '0', divide: '1' });
  });
  it('fails on an HTTP error (the service answers "search unavailable")', async () => {
    const fetchFn = (async () => new Response('busy', { status: 503 })) as unknown as typeof fetch;
    await expect(new NtaCorporateNumberDirectory('APP123', 'https://nta.example', 1000, fetchFn).searchByName('x')).rejects.toThrow(/HTTP 503/);
  });
  it('is chosen by config; nta needs an application id', () => {
    expect(corporateNumberDirectory({}).name).toBe('sandbox');
    expect(corporateNumberDirectory({ CORPORATE_NUMBER_DIRECTORY: 'nta', NTA_APP_ID: 'x' }).name).toBe('nta');
    expect(() => corporateNumberDirectory({ CORPORATE_NUMBER_DIRECTORY: 'nta' })).toThrow(/NTA_APP_ID/);
  });
});
