import { Global, Module } from '@nestjs/common';
import { AccountsRepository } from './accounts/accounts.repository.js';
import { AuthInfoService } from './auth/auth-info.service.js';
import { LoginService } from './auth/login.service.js';
import { MfaService } from './auth/mfa.service.js';
import { ThrottleRepository } from './auth/throttle.repository.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { SessionService } from './sessions/session.service.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SettingsService } from './settings/settings.service.js';

/** What several identity features share: accounts, passwords, sessions, login. */
const SHARED = [AccountsRepository, PasswordHasher, SessionsRepository, SessionService, AuthInfoService, LoginService, MfaService, ThrottleRepository, SettingsService];

@Global()
@Module({ providers: SHARED, exports: SHARED })
export class IdentityCoreModule {}
