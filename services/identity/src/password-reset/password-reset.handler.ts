import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { PasswordResetService } from './password-reset.service.js';

@Injectable()
export class PasswordResetHandler {
  constructor(@Inject(PasswordResetService) private readonly reset: PasswordResetService) {}

  @Handles(API_ROUTES.passwordResetRequest)
  request(input: ApiRequest<'passwordResetRequest'>) {
    return this.reset.request(input.email);
  }

  @Handles(API_ROUTES.passwordResetCheck)
  check(input: ApiRequest<'passwordResetCheck'>) {
    return this.reset.check(input.access_token);
  }

  @Handles(API_ROUTES.passwordResetConfirm)
  confirm(input: ApiRequest<'passwordResetConfirm'>) {
    return this.reset.confirm(input.access_token, input.password);
  }
}
