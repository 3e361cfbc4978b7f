import { Module } from '@nestjs/common';
import { SettingsHandler } from './settings.handler.js';

/** System settings: IP restriction, email MFA, support-login permission. */
@Module({ providers: [SettingsHandler] })
export class SettingsModule {}
