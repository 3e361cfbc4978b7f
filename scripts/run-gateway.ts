/**
 * The gateway as its own process over NATS (distributed mode):
 *   TRANSPORT=nats WEB_DIST=web/dist tsx scripts/run-gateway.ts
 * With SMTP_SINK_PORT (never in production) it also runs the dev SMTP sink and /dev/mailbox.
 */
import { describeConfig, loadConfig } from '@portal/service-common/config';
import { configureLogger, createLogger } from '@portal/service-common/logger';
import { initTelemetry, shutdownTelemetry } from '@portal/service-common/telemetry';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { installProcessGuards } from '@portal/service-common/process-guards';
import { startGateway, ZGatewayConfig } from '@portal/gateway';
import { createTransport } from './lib/portal.js';

const config = loadConfig(ZGatewayConfig, process.env);
configureLogger({ level: config.LOG_LEVEL, service: 'gateway' });
initTelemetry({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, metricsIntervalMs: config.OTEL_METRIC_EXPORT_INTERVAL, config });
const log = createLogger('main');
log.info({ config: describeConfig(config) }, 'starting');
const transport = await createTransport(process.env, 'gateway');
// Outside production the dev SMTP sink can live here, beside the /dev/mailbox that shows it.
let sink: SmtpSink | undefined;
if (config.SMTP_SINK_PORT !== undefined && config.NODE_ENV !== 'production') {
  sink = new SmtpSink();
  await sink.start(config.SMTP_SINK_PORT);
  log.info({ port: sink.port }, 'dev SMTP sink listening');
}
const gateway = await startGateway({ config, transport, mailbox: sink });
log.info({ url: gateway.url }, 'gateway listening');

let stopping = false;
async function stop(signal: string, code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'draining');
  await gateway.close();
  await sink?.stop();
  await transport.drain();
  await shutdownTelemetry();
  process.exit(code);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
installProcessGuards(log, stop);
