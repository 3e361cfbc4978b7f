import { Module } from '@nestjs/common';
import { SessionAdminService } from './session-admin.service.js';
import { SessionsHandler } from './sessions.handler.js';
import { SupportSessionExpiryJob } from './support-session-expiry.job.js';

/** The user's own sessions, the owner's view of support sessions, and the sweep that ends expired support sessions. */
@Module({ providers: [SessionsHandler, SessionAdminService, SupportSessionExpiryJob] })
export class SessionsModule {}
