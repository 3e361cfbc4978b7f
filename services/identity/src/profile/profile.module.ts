import { Module } from '@nestjs/common';
import { ProfileHandler } from './profile.handler.js';
import { ProfileService } from './profile.service.js';

/** The user's own profile: name, language, password, email (by code). */
@Module({ providers: [ProfileHandler, ProfileService] })
export class ProfileModule {}
