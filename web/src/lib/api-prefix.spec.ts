import { describe, expect, it } from 'vitest';
import { apiPrefix } from './api';

/** Issue 15: /config.js may name the API origin of a CDN-hosted SPA; without it /v1 is on this origin. */
describe('apiPrefix', () => {
  it('is /v1 on the page origin unless config.js names another origin', () => {
    expect(apiPrefix(undefined)).toBe('/v1');
    expect(apiPrefix({ apiOrigin: '' })).toBe('/v1');
    expect(apiPrefix({ apiOrigin: 'https://api.portal.example.jp/' })).toBe('https://api.portal.example.jp/v1');
  });
});
