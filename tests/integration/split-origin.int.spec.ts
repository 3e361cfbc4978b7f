import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 15, item 2: the SPA as a CDN build. The bundle carries /config.js (the API origin, set at
 * deploy time, no-cache) beside immutable hashed assets and a no-cache index.html; for a split
 * origin the gateway answers CORS for the origins in CORS_ORIGINS only, with credentials, and the
 * CSRF double submit still applies to calls that act with the session.
 */
const SPA = 'https://cdn.portal.example.jp';

describe('the SPA on its own origin', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', web: true, env: { CORS_ORIGINS: `${SPA}, https://other-cdn.example.jp` } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('serves config.js and index.html for revalidation and hashed assets as immutable', async () => {
    const index = await fetch(`${portal.url}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    expect(html).toContain('<script src="/config.js"></script>');
    const config = await fetch(`${portal.url}/config.js`);
    expect(config.status).toBe(200);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(await config.text()).toContain("window.__PORTAL_CONFIG__ = { apiOrigin: '' }");
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${portal.url}${asset}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers the preflight of an allowed origin, with credentials, and nothing for another origin', async () => {
    const preflight = await fetch(`${portal.url}/v1/login`, { method: 'OPTIONS', headers: { origin: SPA, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-csrf-token' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SPA);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-csrf-token');
    const get = await fetch(`${portal.url}/v1/maintenance/status`, { headers: { origin: SPA } });
    expect(get.headers.get('access-control-allow-origin')).toBe(SPA);
    expect(get.headers.get('vary')).toMatch(/origin/i);

    const evil = 'https://evil.example.com';
    const refused = await fetch(`${portal.url}/v1/maintenance/status`, { headers: { origin: evil } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const post = await portal.call('POST', '/v1/login', { headers: { origin: evil }, body: { email: 'owner@example.com', password: 'Owner#2026', privacy_agreed: true } });
    expect(post.status).toBe(403);
    expect(post.body.result.access_status.code).toBe(40300);
  });

  it('lets the allowed origin log in and act, and still refuses a session call without the CSRF token', async () => {
    const agent = new Agent(portal);
    const login = await portal.call('POST', '/v1/login', { headers: { origin: SPA }, body: { email: 'owner@example.com', password: 'Owner#2026', privacy_agreed: true } });
    expect(login.status).toBe(200);
    expect(login.headers.get('access-control-allow-origin')).toBe(SPA);
    for (const line of login.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      agent.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const choice = { product: 'bownow', plan_id: 'bownow_pro', option_ids: [] };
    const withoutToken = await portal.call('POST', '/v1/plan/apply_info', { headers: { origin: SPA, cookie }, body: choice });
    expect(withoutToken.body.result.access_status.code).toBe(40000);
    const withToken = await portal.call('POST', '/v1/plan/apply_info', { headers: { origin: SPA, cookie, 'x-csrf-token': agent.cookies.get('csrf_token')! }, body: choice });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('access-control-allow-origin')).toBe(SPA);
  });
});
