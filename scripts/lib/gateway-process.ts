import { describeConfig, loadConfig } from '@portal/service-common/config';
import { configureLogger, createLogger } from '@portal/service-common/logger';
import { initTelemetry } from '@portal/service-common/telemetry';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { assertProductionSafe } from '@portal/service-common/production-guard';
import { configurePublicUrls } from '@portal/service-common/public-url';
import type { Transport } from '@portal/service-common/transport/transport';
import { startGateway, ZGatewayConfig, type RunningGateway } from '@portal/gateway';
import { createTransport, type Env } from './portal.js';

export interface GatewayProcess { gateway: RunningGateway; transport: Transport; sink?: SmtpSink }

/**
 * The gateway process's bootstrap (scripts/run-gateway.ts): issue 24's config guard first (a
 * production gateway refuses unsafe settings before it opens anything), then the config, the
 * transport, the dev SMTP sink outside production when SMTP_SINK_PORT is set, and the gateway.
 */
export async function startGatewayProcess(env: Env): Promise<GatewayProcess> {
  assertProductionSafe(env, 'gateway');
  configurePublicUrls(env);
  const config = loadConfig(ZGatewayConfig, env);
  configureLogger({ level: config.LOG_LEVEL, service: 'gateway' });
  initTelemetry({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, metricsIntervalMs: config.OTEL_METRIC_EXPORT_INTERVAL, config });
  const log = createLogger('main');
  log.info({ config: describeConfig(config) }, 'starting');
  const transport = await createTransport(env, 'gateway');
  // Outside production the dev SMTP sink can live here, beside the /dev/mailbox that shows it (DEV_MAILBOX=on).
  let sink: SmtpSink | undefined;
  if (config.SMTP_SINK_PORT !== undefined && config.NODE_ENV !== 'production') {
    sink = new SmtpSink();
    await sink.start(config.SMTP_SINK_PORT);
    log.info({ port: sink.port }, 'dev SMTP sink listening');
  }
  const gateway = await startGateway({ config, transport, mailbox: sink });
  log.info({ url: gateway.url }, 'gateway listening');
  return { gateway, transport, sink };
}
