import type { ServiceDefinition } from '@portal/service-common/service-module';
import { identityService } from '@portal/identity';
import { licenceService } from '@portal/licence';
import { billingService } from '@portal/billing';
import { notificationService } from '@portal/notification';
import { usageLogService } from '@portal/usage-log';

/** The five services, in start order. */
export const SERVICE_DEFINITIONS: readonly ServiceDefinition<unknown>[] = [
  identityService, licenceService, billingService, notificationService, usageLogService,
] as ServiceDefinition<unknown>[];

export function serviceByName(name: string): ServiceDefinition<unknown> {
  const found = SERVICE_DEFINITIONS.find((s) => s.name === name);
  if (!found) throw new Error(`Unknown service ${name}; one of ${SERVICE_DEFINITIONS.map((s) => s.name).join(', ')}`);
  return found;
}
