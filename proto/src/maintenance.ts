import { z } from 'zod';

/** Maintenance status and windows: in a module of their own because the SPA's entry needs them. */
export const ZMaintenanceWindow = z.object({ starts_at: z.iso.datetime(), ends_at: z.iso.datetime() });
export const ZMaintenanceStatus = z.object({
  maintenance: z.boolean(),
  window: ZMaintenanceWindow.nullable().optional(),
  /**
   * Issue 24: a staging install running on sandboxes on purpose (ALLOW_SANDBOX=true): no real
   * money moves. The SPA reads it on load and shows a test-mode banner on every page.
   */
  test_mode: z.boolean().optional(),
});
export type TMaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;

export const ZMaintenanceSet = z.object({
  maintenance: z.boolean(),
  starts_at: z.iso.datetime().optional(),
  ends_at: z.iso.datetime().optional(),
});
export type TMaintenanceSet = z.infer<typeof ZMaintenanceSet>;
