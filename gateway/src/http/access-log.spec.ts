import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pino } from 'pino';
import { Subjects, type TPrincipal } from '@portal/proto';
import { loadConfig } from '@portal/service-common/config';
import { rootLogger } from '@portal/service-common/logger';
import { InProcessTransport } from '@portal/service-common/transport/in-process.transport';
import { buildGateway } from '../gateway.js';
import { ZGatewayConfig } from '../config.js';

/**
 * The gateway's access log and the request context of its own log lines, read from the logger's
 * real output stream (the stream is tapped, the logger and the gateway are the real ones).
 */
const TOKEN = 'reset-token-0123456789abcdef-SECRET';
const PASSWORD = 'Very#Secret2026';
const SESSION = 'jpn.session-cookie-value-SECRET';
const principal: TPrincipal = {
  account_uuid: '0b5c1a52-3f7e-4c4e-9a59-2d5c8f0e6a11', context: 'client', client_uuid: 'c1', partner_uuid: null, level: 3,
  contract_type: 'none', proxy: false, partner_in_client_area: false, region: 'jpn', language: 'ja-jp', home_shard: 'jpn', session_id: 'h',
};

describe('gateway access log', () => {
  let app: NestFastifyApplication;
  let http: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = (rootLogger as unknown as Record<symbol, { write(s: string): boolean }>)[pino.symbols.streamSym]!;
  const write = stream.write;
  const level = rootLogger.level;

  beforeAll(async () => {
    const transport = new InProcessTransport();
    await transport.serve(Subjects.identity.passwordResetCheck, 'identity', async () => ({ valid: true }));
    await transport.serve(Subjects.identity.passwordResetConfirm, 'identity', async () => ({}));
    await transport.serve(Subjects.identity.sessionResolve, 'identity', async () => ({ principal }));
    await transport.serve(Subjects.identity.userList, 'identity', async () => ({ users: [], total: 0 }));
    // Nobody serves maintenance status here: the gateway logs "no service answers" itself.
    app = await buildGateway({ config: loadConfig(ZGatewayConfig, { RATE_LIMIT_PER_MINUTE: '1000' }), transport });
    http = app.getHttpAdapter().getInstance();
    await http.ready();
    rootLogger.level = 'info';
    stream.write = (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
      return true;
    };
  });
  beforeEach(() => {
    lines.length = 0;
    raw.length = 0;
  });
  afterAll(async () => {
    stream.write = write;
    rootLogger.level = level;
    await app.close();
  });

  const accessLines = () => lines.filter((l) => l.msg === 'request');

  it('writes one line per request: method, route pattern, status, duration, request id, region', async () => {
    const res = await http.inject({ method: 'GET', url: `/v1/password_reset?access_token=${TOKEN}`, headers: { host: 'th.portal.example.com', 'x-request-id': 'req-access-0001' } });
    expect(res.statusCode).toBe(200);
    expect(accessLines()).toHaveLength(1);
    const line = accessLines()[0]!;
    expect(line).toMatchObject({ context: 'Http', method: 'GET', route: '/v1/password_reset', status: 200, request_id: 'req-access-0001', region: 'tha' });
    expect(typeof line.duration_ms).toBe('number');
    expect(line).not.toHaveProperty('principal_id');
    expect(raw.join('')).not.toContain(TOKEN);
    expect(raw.join('')).not.toContain('access_token');
  });

  it('never writes a body secret: a password reset with token and password', async () => {
    const res = await http.inject({
      method: 'PUT', url: '/v1/password_reset', headers: { host: 'portal.example.com' },
      payload: { access_token: TOKEN, password: PASSWORD, password_confirm: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(accessLines()).toEqual([expect.objectContaining({ method: 'PUT', route: '/v1/password_reset', status: 200, region: 'usa' })]);
    const all = raw.join('');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain(PASSWORD);
  });

  it('carries the principal of a logged-in request, never its session cookie', async () => {
    const res = await http.inject({ method: 'GET', url: '/v1/user/list?page=1', headers: { host: 'portal.example.com', cookie: `sid=${SESSION}` } });
    expect(res.statusCode).toBe(200);
    expect(accessLines()).toEqual([expect.objectContaining({ route: '/v1/user/list', status: 200, principal_id: principal.account_uuid })]);
    expect(raw.join('')).not.toContain(SESSION);
    expect(raw.join('')).not.toContain('page=1');
  });

  it("gives the gateway's own log lines the request context", async () => {
    const res = await http.inject({ method: 'GET', url: '/v1/maintenance/status', headers: { host: 'vn.portal.example.com', 'x-request-id': 'req-context-0002' } });
    expect(res.statusCode).toBe(500);
    const own = lines.find((l) => l.msg === 'no service answers');
    expect(own).toMatchObject({ context: 'ApiRoutes', level: 50, request_id: 'req-context-0002', region: 'vnm' });
    expect(accessLines()).toEqual([expect.objectContaining({ status: 500, request_id: 'req-context-0002' })]);

    // After a JSON body was read from a real socket (its stream events run outside the request's
    // async context).
    lines.length = 0;
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as { port: number };
    const post = await fetch(`http://127.0.0.1:${port}/v1/signup/temporary`, {
      method: 'POST', headers: { 'x-forwarded-host': 'th.portal.example.com', 'x-request-id': 'req-context-0003', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com', terms_agreed: true, padding: 'x'.repeat(300_000) }),
    });
    expect(post.status).toBe(500);
    expect(lines.find((l) => l.msg === 'no service answers')).toMatchObject({ request_id: 'req-context-0003', region: 'tha' });
    expect(raw.join('')).not.toContain('someone@example.com');
  });

  it('logs an unknown path without its raw URL', async () => {
    const res = await http.inject({ method: 'GET', url: `/v1/no/such/${TOKEN}` });
    expect(res.statusCode).toBe(404);
    expect(accessLines()).toEqual([expect.objectContaining({ method: 'GET', route: null, status: 404 })]);
    expect(raw.join('')).not.toContain(TOKEN);
  });

  it('writes health probes at debug level only', async () => {
    await http.inject({ method: 'GET', url: '/healthz' });
    expect(accessLines()).toEqual([]);
  });
});
