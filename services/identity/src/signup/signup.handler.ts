import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { SignupService } from './signup.service.js';

@Injectable()
export class SignupHandler {
  constructor(@Inject(SignupService) private readonly signup: SignupService) {}

  /**
   * Also serves POST /v1/signup/internal (internalTemporaryRegister): both routes share this
   * subject, and a test in proto holds them to one request and one response schema.
   */
  @Handles(API_ROUTES.temporaryRegister)
  registerTemporary(input: ApiRequest<'temporaryRegister'>) {
    return this.signup.registerTemporary(input);
  }
}
