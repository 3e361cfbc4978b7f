import { z } from 'zod';
import { loadConfig } from '@portal/service-common/config';

/** Settings of the all-in-one process itself (the services and gateway parse their own). */
export const ZAllInOneConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Set to use an existing PostgreSQL instead of the embedded one. */
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().positive().default(54329),
  DATA_DIR: z.string().default('.data'),
  SMTP_SINK_PORT: z.coerce.number().int().min(0).default(2525),
  /** Set to send mail to a real SMTP server instead of the sink. */
  SMTP_URL: z.string().optional(),
});
export type TAllInOneConfig = z.infer<typeof ZAllInOneConfig>;
export const loadAllInOneConfig = (env: Record<string, string | undefined>) => loadConfig(ZAllInOneConfig, env);
