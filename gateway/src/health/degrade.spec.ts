import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Subjects } from '@portal/proto';
import { loadConfig } from '@portal/service-common/config';
import { ServiceError } from '@portal/service-common/errors';
import { InProcessTransport } from '@portal/service-common/transport/in-process.transport';
import { buildGateway } from '../gateway.js';
import { ZGatewayConfig } from '../config.js';

/**
 * Issue 24 items 3 and 7 on the gateway alone (in-process transport, stand-in services): ready
 * while services are down, each dependency reported, a missing service's route 50000 at once and a
 * service in maintenance 50001; unknown hosts 404, aliases served as their host.
 */
describe('gateway: degrade, don\'t die; no silent region', () => {
  let app: NestFastifyApplication;
  let http: FastifyInstance;
  const transport = new InProcessTransport();
  const seen: string[] = [];

  beforeAll(async () => {
    // identity answers; notification is in maintenance; licence, billing and usage-log are not there.
    await transport.serve(Subjects.health('identity'), 'identity', async () => ({ service: 'identity', database: 'ok' }));
    await transport.serve(Subjects.health('notification'), 'notification', async () => ({ service: 'notification', database: 'ok', maintenance: true }));
    await transport.serve(Subjects.notification.maintenanceStatus, 'notification', async (_payload, headers) => {
      seen.push(headers['x-region'] ?? '');
      throw new ServiceError(50001, 'status.maintenance');
    });
    const config = loadConfig(ZGatewayConfig, {
      LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000',
      HOST_ALIASES: JSON.stringify({ 'www.portal.example.jp': 'portal.example.jp', 'portal-gateway.portal.svc': 'th.portal.example.com' }),
    });
    app = await buildGateway({ config, transport });
    http = app.getHttpAdapter().getInstance();
    await http.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is ready while services are down, and reports each dependency', async () => {
    const res = await http.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.checks).toEqual({ transport: 'ok', identity: 'ok', licence: 'down', billing: 'down', notification: 'maintenance', 'usage-log': 'down' });
    expect(body.dependencies.identity).toMatchObject({ status: 'ok', database: 'ok' });
    expect(body.dependencies.licence).toMatchObject({ status: 'down', error: 'NoResponderError' });
    expect(body.dependencies.notification).toMatchObject({ status: 'maintenance' });
    // Every dependency up is what `?all=true` asks.
    const all = await http.inject({ method: 'GET', url: '/readyz?all=true' });
    expect(all.statusCode).toBe(503);
    expect(all.json().status).toBe('not_ready');
  });

  it('answers a route whose service is not there with 50000, and one in maintenance with 50001', async () => {
    const plan = await http.inject({ method: 'GET', url: '/v1/terms' });
    expect(plan.statusCode).toBe(500);
    expect(plan.json().result.access_status.code).toBe(50000);
    const status = await http.inject({ method: 'GET', url: '/v1/maintenance/status' });
    expect(status.statusCode).toBe(503);
    expect(status.json().result.access_status.code).toBe(50001);
  });

  it('answers an unknown Host 404 with the envelope, in English, without asking any service', async () => {
    const before = seen.length;
    for (const host of ['portal.example.net', 'evil.example:8080', '10.1.2.3']) {
      const res = await http.inject({ method: 'GET', url: '/v1/maintenance/status', headers: { host } });
      expect(res.statusCode, host).toBe(404);
      expect(res.json(), host).toEqual({ result: { access_status: { code: 40404, message: 'The requested URL was not found.' } } });
    }
    expect(seen.length).toBe(before);
    // Probes come by the pod's address: answered whatever the Host.
    expect((await http.inject({ method: 'GET', url: '/healthz', headers: { host: '10.1.2.3:8080' } })).statusCode).toBe(200);
    expect((await http.inject({ method: 'GET', url: '/readyz', headers: { host: '10.1.2.3:8080' } })).statusCode).toBe(200);
  });

  it('serves an alias as the host it names, and localhost and 127.0.0.1 as jpn', async () => {
    const cases: Array<[string, string]> = [['www.portal.example.jp', 'jpn'], ['portal-gateway.portal.svc:8080', 'tha'], ['localhost:8080', 'jpn'], ['127.0.0.1:41234', 'jpn']];
    for (const [host, region] of cases) {
      const res = await http.inject({ method: 'GET', url: '/v1/maintenance/status', headers: { host } });
      expect(res.statusCode, host).toBe(503);
      expect(seen.at(-1), host).toBe(region);
    }
  });

  it('refuses an alias that names no host of the map at start', async () => {
    const config = loadConfig(ZGatewayConfig, { LOG_LEVEL: 'silent', HOST_ALIASES: JSON.stringify({ 'www.portal.example.jp': 'portal.example.jq' }) });
    await expect(buildGateway({ config, transport })).rejects.toThrow(/HOST_ALIASES: www.portal.example.jp -> portal.example.jq/);
  });
});
