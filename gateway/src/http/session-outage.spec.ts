import { afterEach, describe, expect, it } from 'vitest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { INTERNAL_ROUTES } from '@portal/proto';
import { loadConfig } from '@portal/service-common/config';
import { InProcessTransport } from '@portal/service-common/transport/in-process.transport';
import { buildGateway } from '../gateway.js';
import { ZGatewayConfig } from '../config.js';

/**
 * A session check during an outage (issue 9, item 10): identity down, slow, or the transport
 * down. The request answers the 50000 envelope quickly, with nothing internal in it (no subject,
 * no "No service answers", no Fastify error JSON), and the visitor is not logged out (not 40000).
 */
describe('session resolution in an outage', () => {
  let app: NestFastifyApplication | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  // "At once" is judged against a resolve timeout far longer than any scheduling delay of a loaded
  // machine: the answer must come well before it, i.e. without waiting for identity at all.
  const LONG_TIMEOUT_MS = 8_000;
  async function gateway(transport: InProcessTransport, timeoutMs = LONG_TIMEOUT_MS) {
    const config = loadConfig(ZGatewayConfig, { SESSION_RESOLVE_TIMEOUT_MS: String(timeoutMs), LOG_LEVEL: 'silent' });
    app = await buildGateway({ config, transport });
    const http = app.getHttpAdapter().getInstance();
    await http.ready();
    return async () => {
      const t0 = performance.now();
      const res = await http.inject({ method: 'GET', url: '/v1/user/list', headers: { cookie: 'sid=jpn.some-session-token' } });
      return { res, ms: performance.now() - t0 };
    };
  }
  const expectBareEnvelope = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ result: { access_status: { code: 50000, message: expect.any(String) } } });
    expect(res.body).not.toMatch(/identity|session\.resolve|No service|No reply|FST_|statusCode/);
  };

  it('answers at once when identity is down (nobody serves the session subject)', async () => {
    const call = await gateway(new InProcessTransport());
    const { res, ms } = await call();
    expectBareEnvelope(res);
    expect(ms).toBeLessThan(LONG_TIMEOUT_MS / 2);
  });

  it('answers after SESSION_RESOLVE_TIMEOUT_MS, not the API timeout, when identity does not answer', async () => {
    const transport = new InProcessTransport();
    await transport.serve(INTERNAL_ROUTES.sessionResolve.subject, 'identity', () => new Promise(() => undefined));
    const call = await gateway(transport, 300);
    const { res, ms } = await call();
    expectBareEnvelope(res);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(LONG_TIMEOUT_MS / 2);
  });

  it('answers at once while the transport is down', async () => {
    const transport = new InProcessTransport();
    await transport.serve(INTERNAL_ROUTES.sessionResolve.subject, 'identity', () => new Promise(() => undefined));
    const call = await gateway(transport);
    transport.isReady = () => false;
    const { res, ms } = await call();
    expectBareEnvelope(res);
    expect(ms).toBeLessThan(LONG_TIMEOUT_MS / 2);
  });

  it('still treats identity\'s "no such session" as anonymous (40000)', async () => {
    const transport = new InProcessTransport();
    await transport.serve(INTERNAL_ROUTES.sessionResolve.subject, 'identity', async () => ({ principal: null }));
    const call = await gateway(transport);
    const { res } = await call();
    expect(res.statusCode).toBe(401);
    expect((res.json() as { result: { access_status: { code: number } } }).result.access_status.code).toBe(40000);
  });
});
