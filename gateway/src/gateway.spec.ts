import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_ROUTE_LIST, INTERNAL_SUBJECTS, SPA_ROUTES, SPA_SECURITY_HEADERS, Subjects, isGatewayPath, routeEndpoints } from '@portal/proto';
import { loadConfig } from '@portal/service-common/config';
import { ServiceError } from '@portal/service-common/errors';
import { InProcessTransport } from '@portal/service-common/transport/in-process.transport';
import { buildGateway } from './gateway.js';
import { ZGatewayConfig } from './config.js';
import { registeredRoutes } from './http/policy.hook.js';

/**
 * The gateway alone, on the in-process transport with stand-in handlers for the services it
 * calls: envelope, policies, validation, timeouts, headers. (The real services are exercised by
 * tests/integration.)
 */
describe('gateway', () => {
  let app: NestFastifyApplication;
  let http: FastifyInstance;
  const transport = new InProcessTransport();
  const seen: unknown[] = [];

  beforeAll(async () => {
    await transport.serve(Subjects.notification.maintenanceStatus, 'notification', async (payload, headers) => {
      seen.push({ payload, headers });
      if (headers['x-region'] === 'usa') await new Promise((r) => setTimeout(r, 400)); // slower than API_TIMEOUT_MS
      return { maintenance: false, window: null };
    });
    await transport.serve(Subjects.identity.temporaryRegister, 'identity', async () => {
      throw new Error('boom: must not leak');
    });
    await transport.serve(Subjects.identity.jwks, 'identity', async () => {
      throw ServiceError.notFound();
    });
    await transport.serve(Subjects.licence.termsPublic, 'licence', async () => {
      throw ServiceError.forbidden();
    });
    await transport.serve(Subjects.notification.maintenanceSet, 'notification', async () => {
      throw new ServiceError(50001, 'status.maintenance');
    });
    const config = loadConfig(ZGatewayConfig, { API_TIMEOUT_MS: '200', RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'silent' });
    app = await buildGateway({ config, transport });
    http = app.getHttpAdapter().getInstance();
    await http.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives every /v1 route a policy, and registers every route of the API table', () => {
    const v1 = registeredRoutes.filter((r) => r.url.startsWith('/v1'));
    expect(v1.filter((r) => !r.policy).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const route of API_ROUTE_LIST) {
      for (const { method, path } of routeEndpoints(route)) {
        expect(v1.some((r) => r.method === method && r.url === `/v1${path}`), `${method} ${path}`).toBe(true);
      }
    }
    expect(v1.some((r) => r.url === '/v1/openapi.json')).toBe(true);
  });

  it('serves a route\'s earlier path (its alias) as the route itself: same policy, contract and service', async () => {
    const temporary = API_ROUTE_LIST.find((r) => r.path === '/client' && r.method === 'POST')!;
    expect(temporary.aliases).toEqual([{ method: 'POST', path: '/signup/temporary' }]);
    const alias = registeredRoutes.find((r) => r.method === 'POST' && r.url === '/v1/signup/temporary');
    expect(alias?.policy).toBe(temporary.policy);
    const before = seen.length;
    for (const url of ['/v1/client', '/v1/signup/temporary']) {
      const res = await http.inject({ method: 'POST', url, headers: { host: 'portal.example.com' }, payload: { email: '', terms_agreed: true } });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().result.errors.email, url).toBeDefined();
    }
    // Both refused by the route's schema before any service was asked.
    expect(seen.length).toBe(before);
  });

  it('wraps a service answer in the envelope, in the host language, with the context headers', async () => {
    const res = await http.inject({ method: 'GET', url: '/v1/maintenance/status', headers: { host: 'vn.portal.example.com', 'x-request-id': 'req-12345678' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { maintenance: false, window: null, access_status: { code: 20000, message: 'Thành công.' } } });
    expect(res.headers['x-request-id']).toBe('req-12345678');
    expect(seen.at(-1)).toMatchObject({ headers: { 'x-region': 'vnm', 'x-language': 'vi-vn', 'x-request-id': 'req-12345678' } });
  });

  it('answers an unknown /v1 route with a 404 envelope', async () => {
    const res = await http.inject({ method: 'GET', url: '/v1/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ result: { access_status: { code: 40404, message: 'お探しのURLは見つかりませんでした。' } } });
  });

  it('refuses malformed JSON as a form error', async () => {
    const res = await http.inject({ method: 'POST', url: '/v1/signup/temporary', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(422);
    expect(res.json().result.access_status.code).toBe(40011);
  });

  describe('input no route accepts (docs/decisions.md, "Hardening: envelope and login edges")', () => {
    const english = { host: 'portal.example.com' };
    const post = (payload: string, contentType?: string, url = '/v1/signup/temporary') =>
      http.inject({ method: 'POST', url, headers: { ...english, ...(contentType ? { 'content-type': contentType } : {}) }, payload });
    const UNREADABLE = 'The request could not be read. Reload the page and try again.';
    const UNSUPPORTED = 'This request format is not accepted. Send JSON, or a form with the file for uploads.';
    const CHARACTERS = 'This contains characters that cannot be saved (such as a NUL character or a broken character). Remove them and try again.';

    it('refuses unreadable, empty and deeply nested JSON in its own words', async () => {
      for (const body of ['{"email":', '', '   ', '{"a":1}}', '['.repeat(50_000)]) {
        const res = await post(body, 'application/json');
        expect(res.statusCode, body.slice(0, 20)).toBe(422);
        expect(res.json().result.access_status, body.slice(0, 20)).toEqual({ code: 40011, message: UNREADABLE });
      }
    });

    it('refuses content types it does not read, and a form on a route that takes JSON', async () => {
      for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json']) {
        const res = await post('a=1', type);
        expect(res.statusCode, type).toBe(422);
        expect(res.json().result.access_status, type).toEqual({ code: 40011, message: UNSUPPORTED });
      }
    });

    it('names the field holding NUL or a lone surrogate, in a body or a query', async () => {
      const nul = await post(JSON.stringify({ email: 'a\u0000@example.com', terms_agreed: true }), 'application/json');
      expect(nul.json().result.errors).toEqual({ email: [CHARACTERS] });
      const surrogate = await post('{"email":"\\ud800@example.com","terms_agreed":true}', 'application/json');
      expect(surrogate.json().result.errors).toEqual({ email: [CHARACTERS] });
      const query = await http.inject({ method: 'GET', url: '/v1/maintenance/status?q=%00', headers: english });
      expect(query.statusCode).toBe(422);
      expect(query.json().result.errors).toEqual({ q: [CHARACTERS] });
    });

    it('refuses __proto__ and constructor keys by name, in a body or a query', async () => {
      const proto = await post('{"__proto__":{"admin":true},"email":"a@example.com","terms_agreed":true}', 'application/json');
      expect(proto.statusCode).toBe(422);
      expect(proto.json().result.errors).toEqual(JSON.parse('{"__proto__":["This field name is not accepted."]}'));
      const ctor = await post('{"constructor":{"prototype":{"admin":true}}}', 'application/json');
      expect(Object.keys(ctor.json().result.errors)).toEqual(['constructor']);
      const query = await http.inject({ method: 'GET', url: '/v1/maintenance/status?__proto__[admin]=1', headers: english });
      expect(query.statusCode).toBe(422);
    });

    it('refuses a query string with a broken percent-escape as unreadable (the parser passed it on raw: issue 21)', async () => {
      for (const url of ['/v1/maintenance/status?q=%E0%A4%A', '/v1/maintenance/status?x=%', '/v1/maintenance/status?%zz=1']) {
        const res = await http.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().result.access_status, url).toEqual({ code: 40011, message: 'リクエストを読み取れませんでした。ページを再読み込みしてから再度お試しください。' });
      }
      expect((await http.inject({ method: 'GET', url: '/v1/maintenance/status?q=%E3%81%82+b%20c' })).statusCode).toBe(200);
    });

    it('answers a URL the router cannot decode with the envelope', async () => {
      const res = await http.inject({ method: 'GET', url: '/v1/%ZZ', headers: english });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ result: { access_status: { code: 40011, message: UNREADABLE } } });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('FST_');
    });
  });

  it('validates input with the contract before calling the service', async () => {
    const res = await http.inject({ method: 'POST', url: '/v1/signup/temporary', headers: { host: 'portal.example.com' }, payload: { email: '', terms_agreed: true } });
    expect(res.statusCode).toBe(422);
    expect(res.json().result.errors).toEqual({ email: ['Please enter a valid email address.'] });
  });

  it('maps an unexpected service failure to 50000 without leaking it', async () => {
    const res = await http.inject({ method: 'POST', url: '/v1/signup/temporary', payload: { email: 'a@example.com', terms_agreed: true } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('boom');
    expect(res.json().result.access_status.code).toBe(50000);
  });

  it('answers a service\'s refusals with codes of their own, not 50000 (issue 21 item 8): not found 40404 (HTTP 404), forbidden 40300 (HTTP 403)', async () => {
    const missing = await http.inject({ method: 'GET', url: '/v1/jwks.json', headers: { host: 'portal.example.com' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ result: { access_status: { code: 40404, message: 'The requested URL was not found.' } } });
    const refused = await http.inject({ method: 'GET', url: '/v1/terms', headers: { host: 'portal.example.com' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ result: { access_status: { code: 40300, message: 'You do not have permission to use this function.' } } });
  });

  it('refuses a route its policy does not admit with 40300 (HTTP 403), and a basic-auth route without credentials with 40300 (HTTP 401)', async () => {
    const route = API_ROUTE_LIST.find((r) => r.policy.access === 'basic_auth');
    expect(route).toBeDefined();
    const res = await http.inject({ method: route!.method, url: `/v1${route!.path}`, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().result.access_status.code).toBe(40300);
    const other = await http.inject({ method: 'POST', url: '/v1/signup/temporary', headers: { host: 'localhost:8080', origin: 'https://evil.example.net' }, payload: { email: 'a@example.com', terms_agreed: true } });
    expect(other.json().result.access_status).toEqual({ code: 40300, message: 'この機能を利用する権限がありません。' });
  });

  it('turns a service that does not answer within the API timeout into 50000', async () => {
    const res = await http.inject({ method: 'GET', url: '/v1/maintenance/status', headers: { host: 'portal.example.com' } });
    expect(res.statusCode).toBe(500);
    expect(res.json().result.access_status).toEqual({ code: 50000, message: 'The request took too long. Please try again later.' });
  });

  it('asks for a login on a protected route (40000), before any service is called', async () => {
    const before = seen.length;
    const res = await http.inject({ method: 'PUT', url: '/v1/operator/maintenance', payload: { maintenance: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json().result.access_status.code).toBe(40000);
    expect(seen.length).toBe(before);
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await http.inject({ method: 'POST', url: '/v1/signup/temporary', headers: { host: 'localhost:8080', origin: 'https://evil.example.net' }, payload: { email: 'a@example.com', terms_agreed: true } });
    expect(res.statusCode).toBe(403);
  });

  it('sends security headers: the page set outside /v1, the API set (nothing may render) on /v1', async () => {
    const res = await http.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const api = await http.inject({ method: 'GET', url: '/v1/maintenance/status' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['strict-transport-security']).toContain('max-age=');
    expect(api.headers['cache-control']).toBe('no-store');
    const unknown = await http.inject({ method: 'GET', url: '/v1/no-such-call' });
    expect(unknown.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sends the SPA pages the headers of proto/src/edge.ts, whose CSP allows GMO token.js, its API and its 3-D Secure frames', async () => {
    const res = await http.inject({ method: 'GET', url: '/healthz' });
    for (const [name, value] of Object.entries(SPA_SECURITY_HEADERS)) expect(res.headers[name], name).toBe(value);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' https:\/\/static\.mul-pay\.jp https:\/\/stg\.static\.mul-pay\.jp;/);
    expect(csp).toMatch(/frame-src https:\/\/p01\.mul-pay\.jp https:\/\/pt01\.mul-pay\.jp;/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/p01\.mul-pay\.jp https:\/\/pt01\.mul-pay\.jp$/);
  });

  it('issue 24 item 5: every route the gateway registers (besides the probes) is under a path the Ingress sends to it, and no SPA page is', () => {
    const outside = registeredRoutes.filter((r) => !['/healthz', '/readyz'].includes(r.url) && !isGatewayPath(r.url.replace(/:[^/]+/g, 'x')));
    expect(outside.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const url of ['/ingest/v1/events', '/embed.js', '/.well-known/jwks.json', '/v1/login', '/dev/mailbox', '/dev/mailbox/messages', '/sandbox/gmo/token.js', '/user_internal_signup']) {
      expect(isGatewayPath(url), url).toBe(true);
    }
    const pages = SPA_ROUTES.filter((r) => !r.basicAuth).map((r) => r.path.replace(/:[^/]+/g, 'x'));
    expect(pages.filter(isGatewayPath)).toEqual([]);
    expect(isGatewayPath('/embed.jsx')).toBe(false);
    expect(isGatewayPath('/v10')).toBe(false);
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const res = await http.inject({ method: 'GET', url: '/v1/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/maintenance/status', '/v1/client', '/v1/signup/temporary']));
    expect(doc.paths['/v1/client'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'terms_agreed']);
    expect(doc.paths['/v1/client'].post.deprecated).toBeUndefined();
  });

  it('describes the zip download as application/zip, not the JSON envelope (issue 23 item 6)', async () => {
    const doc = (await http.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const zip = doc.paths['/v1/billing/invoice_zip'].get;
    expect(Object.keys(zip.responses[200].content)).toEqual(['application/zip']);
    expect(zip.responses[200].content['application/zip'].schema).toEqual({ type: 'string', format: 'binary' });
    // A refusal is still the envelope; other routes still answer JSON.
    expect(zip.responses[422]).toEqual({ $ref: '#/components/responses/FormError' });
    expect(Object.keys(doc.paths['/v1/billing/invoice_csv'].get.responses[200].content)).toEqual(['application/json']);
  });

  it('documents each alias in OpenAPI as a deprecated operation naming the spec\'s path (issue 22)', async () => {
    const doc = (await http.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const aliases: [string, string, string][] = [
      ['/v1/signup/temporary', 'post', 'POST /v1/client'],
      ['/v1/signup', 'get', 'GET /v1/client/info'],
      ['/v1/account_mail_update', 'put', 'POST /v1/user/account_mail'],
    ];
    for (const [path, method, of] of aliases) {
      const op = doc.paths[path][method];
      expect(op.deprecated, path).toBe(true);
      expect(op['x-alias-of'], path).toBe(of);
      expect(op.summary, path).toContain(`Alias of ${of}`);
    }
    // GET aliases take the query parameters of their route.
    expect(doc.paths['/v1/signup'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['access_token']);
    // The spec's own name is a route of its own, not an alias.
    expect(doc.paths['/v1/plan/check_plan_billing_payment'].get.deprecated).toBeUndefined();
  });

  it('names no internal subject in the public OpenAPI document (issue 21 item 5: x-subject listed them all)', async () => {
    const text = (await http.inject({ method: 'GET', url: '/v1/openapi.json' })).body;
    expect(INTERNAL_SUBJECTS.length).toBeGreaterThan(200);
    expect(INTERNAL_SUBJECTS.filter((subject) => text.includes(`"${subject}"`))).toEqual([]);
    expect(text).not.toContain('x-subject');
  });

  it('documents the refusal codes in the OpenAPI document (issue 21 item 8)', async () => {
    const doc = (await http.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const codes = doc.components.schemas.AccessStatus.properties.code.oneOf as { const: number; description: string }[];
    expect(codes.map((c) => c.const)).toEqual(expect.arrayContaining([40300, 40404, 42900, 50000]));
    expect(codes.find((c) => c.const === 40300)!.description).toMatch(/HTTP 403/);
    expect(doc.components.responses.Forbidden.description).toContain('40300');
    expect(doc.paths['/v1/user/list'].get.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(doc.paths['/v1/maintenance/status'].get.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });
});

describe('gateway CSRF check (docs/decisions.md, "Hardening: envelope and login edges")', () => {
  it('lets login through with a stale sid and no csrf_token, and answers a call that acts with the session without its token as 40000', async () => {
    const transport = new InProcessTransport();
    const resolved: unknown[] = [];
    const logins: unknown[] = [];
    await transport.serve(Subjects.identity.sessionResolve, 'identity', async (payload) => {
      resolved.push(payload);
      return { principal: null };
    });
    await transport.serve(Subjects.identity.login, 'identity', async (payload) => {
      logins.push(payload);
      return { mfa_required: false };
    });
    const app = await buildGateway({ config: loadConfig(ZGatewayConfig, { RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'silent' }), transport });
    const http = app.getHttpAdapter().getInstance();
    try {
      const login = await http.inject({
        method: 'POST', url: '/v1/login', headers: { host: 'portal.example.com', cookie: 'sid=jpn.stale' },
        payload: { email: 'owner@example.com', password: 'x', privacy_agreed: true },
      });
      expect(login.statusCode).toBe(200);
      expect(logins).toHaveLength(1);

      for (const headers of [{ cookie: 'sid=jpn.live; csrf_token=abc' }, { cookie: 'sid=jpn.live; csrf_token=abc', 'x-csrf-token': 'abd' }, { cookie: 'sid=jpn.live', 'x-csrf-token': 'abc' }]) {
        const before = resolved.length;
        const res = await http.inject({ method: 'PUT', url: '/v1/mfaSetting', headers: { host: 'portal.example.com', ...headers }, payload: { enabled: true, validity: '24h' } });
        expect(res.statusCode).toBe(401);
        expect(res.json().result.access_status).toEqual({ code: 40000, message: 'Your session has expired. Please log in again.' });
        expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
        // Refused before the session is looked up.
        expect(resolved.length).toBe(before);
      }
    } finally {
      await app.close();
    }
  });
});

describe('gateway rate limiting', () => {
  it('answers 429 with the envelope past the limit', async () => {
    const transport = new InProcessTransport();
    await transport.serve(Subjects.notification.maintenanceStatus, 'notification', async () => ({ maintenance: false, window: null }));
    const app = await buildGateway({ config: loadConfig(ZGatewayConfig, { RATE_LIMIT_PER_MINUTE: '3' }), transport });
    const http = app.getHttpAdapter().getInstance();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await http.inject({ method: 'GET', url: '/v1/maintenance/status', headers: { host: 'portal.example.com' } })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await http.inject({ method: 'GET', url: '/v1/maintenance/status', headers: { host: 'portal.example.com' } });
      expect(res.json().result.access_status).toEqual({ code: 42900, message: 'Too many requests. Please wait a moment and try again.' });
    } finally {
      await app.close();
    }
  });
});
