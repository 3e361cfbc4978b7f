import { Module } from '@nestjs/common';
import { PasswordResetHandler } from './password-reset.handler.js';
import { PasswordResetService } from './password-reset.service.js';

@Module({ providers: [PasswordResetHandler, PasswordResetService] })
export class PasswordResetModule {}
