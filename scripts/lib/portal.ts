import { ZGatewayConfig } from '@portal/gateway/config';
import { startGateway, type RunningGateway } from '@portal/gateway';
import { loadConfig, ZBaseConfig } from '@portal/service-common/config';
import { configureLogger } from '@portal/service-common/logger';
import { initTelemetry } from '@portal/service-common/telemetry';
import { InProcessTransport } from '@portal/service-common/transport/in-process.transport';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import type { Transport } from '@portal/service-common/transport/transport';
import type { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import type { Clock } from '@portal/service-common/clock';
import { startService, type RunningService } from '@portal/service-common/service-module';
import { assertProductionSafe } from '@portal/service-common/production-guard';
import { configurePublicUrls } from '@portal/service-common/public-url';
import { SERVICE_DEFINITIONS } from './services.js';

export type Env = Record<string, string | undefined>;

export async function createTransport(env: Env, name: string): Promise<Transport> {
  const config = loadConfig(ZBaseConfig, env);
  // In-process: events wait until every service of the process has registered its consumers.
  return config.TRANSPORT === 'nats'
    ? NatsTransport.connect(config.NATS_URL, name, config.NATS_NAMESPACE, {
      user: config.NATS_USER, password: config.NATS_PASSWORD,
      tls: { caFile: config.NATS_TLS_CA_FILE, certFile: config.NATS_TLS_CERT_FILE, keyFile: config.NATS_TLS_KEY_FILE },
      maxAgeMs: config.EVENTS_MAX_AGE_MS, maxBytes: config.EVENTS_MAX_BYTES, maxDeliver: config.EVENTS_MAX_DELIVER, ackWaitMs: config.EVENTS_ACK_WAIT_MS,
      silenceMs: config.RESPONDER_SILENCE_MS,
    })
    : new InProcessTransport({ holdEvents: true });
}

export interface RunningPortal {
  url: string;
  transport: Transport;
  gateway: RunningGateway;
  services: RunningService[];
  stop(): Promise<void>;
}

/**
 * The whole portal in one process: five services and the gateway on one transport (in-process by
 * default, NATS when TRANSPORT=nats). The all-in-one start and the integration tests use it; the
 * database must already be migrated.
 */
export async function startPortal(options: { env: Env; mailbox?: SmtpSink; clock?: Clock; transport?: Transport }): Promise<RunningPortal> {
  // Issue 24: every rule of every process at once, before anything opens (each service checks its own again).
  assertProductionSafe(options.env, 'portal');
  configurePublicUrls(options.env);
  const base = loadConfig(ZBaseConfig, options.env);
  configureLogger({ level: base.LOG_LEVEL, service: 'portal' });
  initTelemetry({ serviceName: 'portal', otlpEndpoint: base.OTEL_EXPORTER_OTLP_ENDPOINT, metricsIntervalMs: base.OTEL_METRIC_EXPORT_INTERVAL, config: base });
  const transport = options.transport ?? (await createTransport(options.env, 'portal'));
  const services: RunningService[] = [];
  for (const definition of SERVICE_DEFINITIONS) {
    services.push(await startService(definition, { transport, env: options.env, clock: options.clock }));
  }
  if (transport instanceof InProcessTransport) transport.open();
  const gateway = await startGateway({ config: loadConfig(ZGatewayConfig, options.env), transport, mailbox: options.mailbox });
  return {
    url: gateway.url,
    transport,
    gateway,
    services,
    stop: async () => {
      // Gateway first (no new requests), then the outbox relays (a round under way finishes its
      // deliveries), then the transport drains in-flight work, then the services close.
      await gateway.close();
      await Promise.all(services.map((s) => s.stopRelay()));
      await transport.drain();
      for (const service of [...services].reverse()) await service.stop();
    },
  };
}
