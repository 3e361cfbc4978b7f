import { Module } from '@nestjs/common';
import { SigningKeys } from './signing-keys.js';
import { SigningKeysRepository } from './signing-keys.repository.js';
import { SsoHandler } from './sso.handler.js';
import { SsoService } from './sso.service.js';

/** Product single sign-on tokens and the JWKS. */
@Module({ providers: [SsoHandler, SsoService, SigningKeys, SigningKeysRepository] })
export class SsoModule {}
