import { SESSION_ROUTES, AccessCode, ZBareEnvelope, ZMaintenanceWindow, type TMaintenanceStatus } from '@portal/proto';
import { enterMaintenance, http, readJsonBody } from './api';
import { setTestMode } from './test-mode';

const route = SESSION_ROUTES.maintenanceStatus;
type TStatus = Required<Pick<TMaintenanceStatus, 'maintenance'>> & { window: NonNullable<TMaintenanceStatus['window']> | null; test_mode: boolean };

/**
 * GET /v1/maintenance/status, read past the error catalogue: while maintenance is on it answers
 * 50001 with the window, which the catalogue would turn into a redirect to the page asking.
 * Null when the answer is no envelope (no backend behind the SPA).
 */
export async function readMaintenanceStatus(signal?: AbortSignal): Promise<TStatus | null> {
  const response = await http(route.path.slice(1), { method: 'get', signal });
  const parsed = ZBareEnvelope.safeParse(await readJsonBody(response));
  if (!parsed.success) return null;
  const result = parsed.data.result as Record<string, unknown> & typeof parsed.data.result;
  const window = ZMaintenanceWindow.safeParse(result['window']);
  return {
    maintenance: result.access_status.code === AccessCode.MAINTENANCE || result['maintenance'] === true,
    window: window.success ? window.data : null,
    test_mode: result['test_mode'] === true,
  };
}

/**
 * Spec §7: the maintenance status is read on load. Only the maintenance rule applies here: a
 * missing or unreachable backend must not send every visitor to an error page.
 */
export async function checkMaintenance(): Promise<boolean> {
  try {
    const status = await readMaintenanceStatus();
    // Issue 24: a staging install on sandboxes says so on every page.
    setTestMode(status?.test_mode ?? false);
    if (status?.maintenance) enterMaintenance(status.window);
    return status?.maintenance ?? false;
  } catch {
    return false;
  }
}
