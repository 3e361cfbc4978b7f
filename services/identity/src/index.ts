import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadConfig } from '@portal/service-common/config';
import type { ServiceDefinition } from '@portal/service-common/service-module';
import { PrismaClient } from './generated/prisma/client.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { ProfileModule } from './profile/profile.module.js';
import { AuthModule } from './auth/auth.module.js';
import { IdentityCoreModule } from './core.module.js';
import { IDENTITY_CONFIG, ZIdentityConfig } from './identity.config.js';
import { InvitationsModule } from './invitations/invitations.module.js';
import { DirectoryModule } from './directory/directory.module.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { ProxyLoginModule } from './proxy/proxy-login.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { SignupModule } from './signup/signup.module.js';
import { HttpProductAccounts, PRODUCT_ACCOUNTS, SandboxProductAccounts } from './sso/product-accounts.port.js';
import { SsoModule } from './sso/sso.module.js';
// Issue 14, slice B: partners' tenants and first accounts.
import { PartnersModule } from './partners/partners.module.js';
// Issue 14, slice C: the back office's look-ups (email owner, partner directory).
import { BackofficeLookupModule } from './backoffice-lookup/backoffice-lookup.module.js';
import { ClientAccountsModule } from './client-accounts/client-accounts.module.js';

const ZProductAccountsConfig = z.object({
  /** Base URL of the products' account API; unset: the sandbox adapter. */
  PRODUCT_ACCOUNTS_URL: z.url().optional(),
  PRODUCT_ACCOUNTS_API_KEY: z.string().default(''),
});

/** identity: accounts, sessions, login, MFA, IP allow-lists, signup, invitations, SSO (DESIGN §1). */
export const identityService: ServiceDefinition<PrismaClient> = {
  name: 'identity',
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  features: [IdentityCoreModule, AuthModule, AccountsModule, ProfileModule, SessionsModule, PasswordResetModule, InvitationsModule, SignupModule, SettingsModule, ProxyLoginModule, SsoModule, DirectoryModule, /* issue 14, slice B */ PartnersModule, /* issue 14, slice C */ BackofficeLookupModule, /* issue 25 */ ClientAccountsModule],
  prismaClient: PrismaClient,
  providers: (env) => {
    const products = loadConfig(ZProductAccountsConfig, env);
    return [
      { provide: IDENTITY_CONFIG, useValue: loadConfig(ZIdentityConfig, env) },
      { provide: PRODUCT_ACCOUNTS, useValue: products.PRODUCT_ACCOUNTS_URL ? new HttpProductAccounts(products.PRODUCT_ACCOUNTS_URL, products.PRODUCT_ACCOUNTS_API_KEY) : new SandboxProductAccounts() },
    ];
  },
  // Besides the outbox and processed-event ids (services/common/src/db/retention.ts).
  retention: (config) => [
    // Ended (logout, ban, expiry seen) or past their absolute expiry (never seen again).
    { name: 'sessions', table: 'sessions', periodDays: config.RETENTION_SESSIONS_DAYS, where: '(ended_at IS NOT NULL AND ended_at < $1) OR absolute_expires_at < $1' },
    // Every token expires within days of its issue, used or not: past expiry it only tells "expired" from "unknown".
    { name: 'one_time_tokens', table: 'one_time_tokens', periodDays: config.RETENTION_TOKENS_DAYS, where: 'expires_at < $1' },
  ],
};

export { InvitationService } from './invitations/invitation.service.js';
// Issue 24: scripts/bootstrap-operator.ts issues its set-password link as identity does.
export { hashToken, shardToken } from './passwords/tokens.js';
export { TOKEN_TTL_MS } from './tokens/one-time-token.rules.js';
