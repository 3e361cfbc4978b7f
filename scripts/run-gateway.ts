/**
 * The gateway as its own process over NATS (distributed mode):
 *   TRANSPORT=nats WEB_DIST=web/dist tsx scripts/run-gateway.ts
 */
import { describeConfig, loadConfig } from '@portal/service-common/config';
import { configureLogger, createLogger } from '@portal/service-common/logger';
import { initTracing, shutdownTracing } from '@portal/service-common/tracing';
import { startGateway, ZGatewayConfig } from '@portal/gateway';
import { createTransport } from './lib/portal.js';

const config = loadConfig(ZGatewayConfig, process.env);
configureLogger({ level: config.LOG_LEVEL, service: 'gateway' });
initTracing({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
const log = createLogger('main');
log.info({ config: describeConfig(config) }, 'starting');
const transport = await createTransport(process.env, 'gateway');
const gateway = await startGateway({ config, transport });
log.info({ url: gateway.url }, 'gateway listening');

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'draining');
  await gateway.close();
  await transport.drain();
  await shutdownTracing();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
