import { Module } from '@nestjs/common';
import { SessionAdminService } from './session-admin.service.js';
import { SessionsHandler } from './sessions.handler.js';

/** The user's own sessions and the owner's view of support sessions. */
@Module({ providers: [SessionsHandler, SessionAdminService] })
export class SessionsModule {}
