import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZSignupCheck, ZSignupRegister, type TSignupRegister } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { RegistrationService } from './registration.service.js';

@Injectable()
export class RegistrationHandler {
  constructor(@Inject(RegistrationService) private readonly registration: RegistrationService) {}

  @Handles(Subjects.identity.signupCheck, ZSignupCheck)
  check(input: { access_token: string }) {
    return this.registration.check(input.access_token);
  }

  @Handles(Subjects.identity.signupRegister, ZSignupRegister)
  register(input: TSignupRegister) {
    return this.registration.register(input);
  }
}
