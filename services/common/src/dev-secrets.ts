/**
 * The development values of secrets: a process uses them when the secret is unset outside
 * production; production-guard.ts refuses them (and their absence) in production.
 */
export const DEV_SECRETS = {
  PRINCIPAL_SECRET: 'development-only-principal-secret-not-for-production',
  PRODUCT_KEY_SECRET: 'de7e10b3e47a0000000000000000000000000000000000000000000000000000',
} as const;
