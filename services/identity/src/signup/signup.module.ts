import { Module } from '@nestjs/common';
import { SignupHandler } from './signup.handler.js';
import { SignupRepository } from './signup.repository.js';
import { SignupService } from './signup.service.js';
import { RegistrationHandler } from './registration.handler.js';
import { RegistrationService } from './registration.service.js';

/** Signup: temporary registration (public and internal), then full registration by the mailed link. */
@Module({ providers: [SignupHandler, SignupService, SignupRepository, RegistrationHandler, RegistrationService] })
export class SignupModule {}
