/**
 * One service as its own process over NATS (distributed mode; Helm runs the same entry):
 *   TRANSPORT=nats DATABASE_URL=... tsx scripts/run-service.ts identity
 */
import { loadConfig, ZBaseConfig, describeConfig } from '@portal/service-common/config';
import { configureLogger, createLogger } from '@portal/service-common/logger';
import { initTelemetry, shutdownTelemetry } from '@portal/service-common/telemetry';
import { startService } from '@portal/service-common/service-module';
import { startHealthServer } from '@portal/service-common/health-server';
import { installProcessGuards } from '@portal/service-common/process-guards';
import { createTransport } from './lib/portal.js';
import { serviceByName } from './lib/services.js';

const definition = serviceByName(process.argv[2] ?? '');
const config = loadConfig(ZBaseConfig, process.env);
configureLogger({ level: config.LOG_LEVEL, service: definition.name });
initTelemetry({ serviceName: definition.name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, metricsIntervalMs: config.OTEL_METRIC_EXPORT_INTERVAL, config });
const log = createLogger('main');
log.info({ config: describeConfig(config) }, 'starting');

let stopping = false;
let started = false;
// Issue 24: a process told to stop while it boots (a rollout, a scale-down) stops at once, cleanly:
// it holds no work yet. The handlers are installed before the boot for that.
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
installProcessGuards(log, stop);

const transport = await createTransport(process.env, definition.name);
const service = await startService(definition, { transport, env: process.env });
const health = config.HEALTH_PORT === undefined ? undefined : await startHealthServer(config.HEALTH_PORT, () => service.health(), undefined, () => service.stats());
if (health) log.info({ port: health.port }, 'health endpoints listening');
started = true;

async function stop(signal: string, code = 0): Promise<void> {
  if (!started) {
    // Still booting: nothing in flight; the rest of the boot is not waited for.
    log.info({ signal }, 'stopping during start-up');
    process.exit(code);
  }
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'draining');
  await service.stopRelay();
  await transport.drain(); // from here /readyz answers 503
  await service.stop();
  await health?.close();
  await shutdownTelemetry();
  process.exit(code);
}
