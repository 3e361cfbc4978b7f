import { z } from 'zod';
import { loadConfig } from '@portal/service-common/config';
import { CORPORATE_NUMBER_DIRECTORY, type CorporateNumberDirectory } from './corporate-number.port.js';
import { NtaCorporateNumberDirectory } from './nta.adapter.js';
import { SandboxCorporateNumberDirectory } from './sandbox.adapter.js';

/**
 * CORPORATE_NUMBER_DIRECTORY: `sandbox` (the bundled dataset; default) or `nta` (the public
 * Web-API, which needs NTA_APP_ID, the application id the NTA grants).
 */
export const ZCorporateNumberConfig = z.object({
  CORPORATE_NUMBER_DIRECTORY: z.enum(['sandbox', 'nta']).default('sandbox'),
  NTA_APP_ID: z.string().min(1).optional(),
  NTA_API_URL: z.url().default('https://api.houjin-bangou.nta.go.jp'),
}).refine((c) => c.CORPORATE_NUMBER_DIRECTORY !== 'nta' || !!c.NTA_APP_ID, { message: 'NTA_APP_ID is required when CORPORATE_NUMBER_DIRECTORY=nta', path: ['NTA_APP_ID'] });

export function corporateNumberDirectory(env: Record<string, string | undefined>): CorporateNumberDirectory {
  const config = loadConfig(ZCorporateNumberConfig, env);
  return config.CORPORATE_NUMBER_DIRECTORY === 'nta'
    ? new NtaCorporateNumberDirectory(config.NTA_APP_ID!, config.NTA_API_URL)
    : new SandboxCorporateNumberDirectory();
}

export const corporateNumberProviders = (env: Record<string, string | undefined>) => [
  { provide: CORPORATE_NUMBER_DIRECTORY, useValue: corporateNumberDirectory(env) },
];
