import { Global, Module } from '@nestjs/common';
import { AccountsRepository } from './accounts/accounts.repository.js';
import { AuthInfoService } from './auth/auth-info.service.js';
import { LoginService } from './auth/login.service.js';
import { MfaRepository } from './auth/mfa.repository.js';
import { MfaService } from './auth/mfa.service.js';
import { ThrottleRepository } from './auth/throttle.repository.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { SessionEndService } from './sessions/session-end.service.js';
import { SessionService } from './sessions/session.service.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SettingsService } from './settings/settings.service.js';
import { OneTimeTokenRepository } from './tokens/one-time-token.repository.js';
import { OneTimeTokenService } from './tokens/one-time-token.service.js';

/** What several identity features share: accounts, passwords, one-time tokens, sessions, login. */
const SHARED = [
  AccountsRepository, PasswordHasher, OneTimeTokenRepository, OneTimeTokenService, SessionsRepository, SessionService, AuthInfoService, LoginService,
  MfaService, MfaRepository, ThrottleRepository, SettingsService, SessionEndService,
];

@Global()
@Module({ providers: SHARED, exports: SHARED })
export class IdentityCoreModule {}
