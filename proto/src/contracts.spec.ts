import { describe, expect, it } from 'vitest';
import { API_ROUTES, API_ROUTE_LIST, routeEndpoints } from './api-routes.js';
import { replySchema } from './contracts.js';
import { INTERNAL_ROUTES } from './internal-routes.js';
import { BILLING_INVOICE_ROUTES, BILLING_PAYMENT_ROUTES, BILLING_REQUEST_ROUTES } from './routes/billing.js';
import { NOTIFICATION_MAIL_ROUTES, NOTIFICATION_NOTICE_ROUTES } from './routes/notification.js';

describe('contracts', () => {
  it('loses no route when the area modules are spread into API_ROUTES (a repeated name would overwrite silently)', () => {
    const areas = [BILLING_PAYMENT_ROUTES, BILLING_REQUEST_ROUTES, BILLING_INVOICE_ROUTES, NOTIFICATION_MAIL_ROUTES, NOTIFICATION_NOTICE_ROUTES];
    const names = areas.flatMap((area) => Object.keys(area));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    for (const area of areas) for (const [name, route] of Object.entries(area)) expect(API_ROUTES[name as keyof typeof API_ROUTES], name).toBe(route);
    const calls = API_ROUTE_LIST.map((r) => `${r.method} ${r.path}`);
    expect(calls.filter((call, i) => calls.indexOf(call) !== i)).toEqual([]);
  });

  it('serves the spec §7 names, each earlier path kept as an alias that no other call uses (issue 22)', () => {
    const endpoints = API_ROUTE_LIST.flatMap((r) => routeEndpoints(r).map((e) => `${e.method} ${e.path}`));
    expect(endpoints.filter((call, i) => endpoints.indexOf(call) !== i)).toEqual([]);
    const spec = (method: string, path: string) => API_ROUTE_LIST.find((r) => r.method === method && r.path === path);
    expect(spec('POST', '/user/account_mail')?.aliases).toEqual([{ method: 'PUT', path: '/account_mail_update' }]);
    expect(spec('POST', '/client')?.aliases).toEqual([{ method: 'POST', path: '/signup/temporary' }]);
    expect(spec('GET', '/client/info')?.aliases).toEqual([{ method: 'GET', path: '/signup' }]);
    expect(spec('GET', '/plan/check_plan_billing_payment')).toBeDefined();
    expect(spec('GET', '/plan/billingPayment')).toBeDefined();
  });

  it('gives routes that share a subject the same request and response schemas (one handler serves them all)', () => {
    const bySubject = new Map<string, (typeof API_ROUTE_LIST)[number][]>();
    for (const route of API_ROUTE_LIST) bySubject.set(route.subject, [...(bySubject.get(route.subject) ?? []), route]);
    const shared = [...bySubject.values()].filter((routes) => routes.length > 1);
    expect(shared.map((routes) => routes.map((r) => r.path))).toEqual([['/client', '/signup/internal']]);
    for (const [first, ...others] of shared) {
      for (const route of others) {
        expect(route.request, route.path).toBe(first!.request);
        expect(route.response, route.path).toBe(first!.response);
        expect(route.session, route.path).toBe(first!.session);
      }
    }
  });

  it('keeps internal subjects apart from /v1 subjects', () => {
    const api = new Set(API_ROUTE_LIST.map((r) => r.subject));
    expect(Object.values(INTERNAL_ROUTES).filter((r) => api.has(r.subject))).toEqual([]);
  });

  it('lets a session-creating route answer its grant besides the response, and no other route', () => {
    const grant = { token: 'jpn.x', expires_at: '2026-11-24T00:00:00.000Z', hints: {} };
    const login = { mfa_required: false, session: grant };
    expect(replySchema(API_ROUTES.login).parse(login)).toEqual(login);
    expect(replySchema(API_ROUTES.login).safeParse({ ...login, session: { token: 1 } }).success).toBe(false);
    expect(replySchema(API_ROUTES.userAuth)).toBe(API_ROUTES.userAuth.response);
    for (const route of API_ROUTE_LIST.filter((r) => r.session === 'create')) {
      expect((replySchema(route) as typeof API_ROUTES.login.response).shape, route.path).toHaveProperty('session');
    }
  });
});
