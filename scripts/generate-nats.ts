/**
 * `npm run generate:nats`: writes deploy/nats.conf's authorization block and
 * charts/portal/files/nats-permissions.json from proto/src/nats-access.ts (issue 24 item 4).
 */
import { writeNatsConfig, NATS_CONF, CHART_PERMISSIONS } from './lib/nats-config.js';

await writeNatsConfig();
process.stdout.write(`wrote ${NATS_CONF} and ${CHART_PERMISSIONS}\n`);
