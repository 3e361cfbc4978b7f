import { describe, expect, it } from 'vitest';
import { pickLanguage, resolveHost, REGION_PROFILES } from './regions.js';
import { httpStatusFor, ACCESS_CODES } from './access-status.js';

describe('host -> region and language (spec §1)', () => {
  it('maps localhost to jpn / ja-jp, with Japanese and English offered', () => {
    expect(resolveHost('localhost:8080')).toEqual({ region: 'jpn', language: 'ja-jp', languages: ['ja-jp', 'en-us'] });
  });
  it('maps the Thai and Vietnamese hosts to their language plus English', () => {
    expect(resolveHost('th.portal.example.com')).toEqual({ region: 'tha', language: 'th-th', languages: ['th-th', 'en-us'] });
    expect(resolveHost('VN.portal.example.com')).toMatchObject({ region: 'vnm', language: 'vi-vn' });
  });
  it('uses English only for Malaysia, the Philippines, Singapore, Indonesia and other overseas hosts', () => {
    for (const host of ['my.portal.example.com', 'ph.portal.example.com', 'sg.portal.example.com', 'id.portal.example.com', 'global.portal.example.com', 'portal.example.com']) {
      expect(resolveHost(host)).toMatchObject({ language: 'en-us', languages: ['en-us'] });
    }
  });
  it('honours a configured map and falls back to jpn for unknown hosts', () => {
    expect(resolveHost('portal.example.th', { 'portal.example.th': { region: 'tha' } })).toMatchObject({ region: 'tha', language: 'th-th' });
    expect(resolveHost('evil.example.net')).toMatchObject({ region: 'jpn' });
  });
  it('lets a visitor pick only a language of the region', () => {
    const th = resolveHost('th.portal.example.com');
    expect(pickLanguage(th, 'en-us')).toBe('en-us');
    expect(pickLanguage(th, 'ja-jp')).toBe('th-th');
    expect(pickLanguage(th, undefined)).toBe('th-th');
  });
  it('offers only bownow in Malaysia and no cmp or lpbuilder overseas', () => {
    expect(REGION_PROFILES.mys.products).toEqual(['bownow']);
    expect(REGION_PROFILES.usa.products).not.toContain('cmp');
    expect(REGION_PROFILES.usa.products).not.toContain('lpbuilder');
    expect(REGION_PROFILES.jpn.products).toContain('lpbuilder');
    expect(REGION_PROFILES.jpn.currency).toBe('JPY');
    expect(REGION_PROFILES.tha.currency).toBe('USD');
  });
});

describe('access_status -> HTTP status (DESIGN §3)', () => {
  it('maps every code', () => {
    expect(Object.fromEntries(ACCESS_CODES.map((c) => [c, httpStatusFor(c)]))).toEqual({
      20000: 200, 40000: 401, 40011: 422, 40013: 403, 40400: 403, 40405: 409, 40300: 403, 40404: 404, 42900: 429, 50000: 500, 50001: 503,
    });
  });
});
