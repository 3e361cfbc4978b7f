import { Module } from '@nestjs/common';
import { AuthHandler } from './auth.handler.js';

/** Login (password, lockout, IP restriction, MFA), logout, auth info, session resolution. */
@Module({ providers: [AuthHandler] })
export class AuthModule {}
