import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from './logger.js';

export interface HealthChecks {
  database: 'ok' | 'down';
  transport: 'ok' | 'down';
}

/** What /healthz reports besides being alive (cheap, no I/O). */
export interface HealthStats {
  /** Events this process sent to the dead-letter subject since it started (operators alert on > 0). */
  dead_letters: number;
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A service process's own health endpoints (DESIGN §7), for probes: `/healthz` answers while the
 * process lives, with the count of dead-lettered events (`dead_letters`); `/readyz` is 200 only while its database and its transport are reachable, else
 * 503 with the failing part. Plain node:http, nothing else on the port.
 */
export async function startHealthServer(port: number, check: () => Promise<HealthChecks>, host = '0.0.0.0', stats?: () => HealthStats): Promise<HealthServer> {
  const log = createLogger('Health');
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, { status: 'method_not_allowed' });
    // Live while the process runs; the dead-letter count rides along for operators.
    if (path === '/healthz') return send(200, { status: 'ok', ...stats?.() });
    if (path === '/readyz') {
      check().then((checks) => {
        const ready = checks.database === 'ok' && checks.transport === 'ok';
        send(ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks });
      }, (err: unknown) => {
        log.warn({ err }, 'readiness check failed');
        send(503, { status: 'not_ready' });
      });
      return;
    }
    send(404, { status: 'not_found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
