import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { RegistrationService } from './registration.service.js';

@Injectable()
export class RegistrationHandler {
  constructor(@Inject(RegistrationService) private readonly registration: RegistrationService) {}

  @Handles(API_ROUTES.signupCheck)
  check(input: ApiRequest<'signupCheck'>) {
    return this.registration.check(input.access_token);
  }

  @Handles(API_ROUTES.signupRegister)
  register(input: ApiRequest<'signupRegister'>) {
    return this.registration.register(input);
  }
}
