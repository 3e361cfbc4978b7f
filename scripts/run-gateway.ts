/**
 * The gateway as its own process over NATS (distributed mode):
 *   TRANSPORT=nats WEB_DIST=web/dist tsx scripts/run-gateway.ts
 * With SMTP_SINK_PORT (never in production) it also runs the dev SMTP sink, shown at /dev/mailbox
 * when DEV_MAILBOX=on. Under NODE_ENV=production it refuses unsafe settings (issue 24).
 */
import { createLogger } from '@portal/service-common/logger';
import { shutdownTelemetry } from '@portal/service-common/telemetry';
import { installProcessGuards } from '@portal/service-common/process-guards';
import { startGatewayProcess } from './lib/gateway-process.js';

const { gateway, transport, sink } = await startGatewayProcess(process.env);
const log = createLogger('main');

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
