import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZPasswordResetCheck, ZPasswordResetConfirm, ZPasswordResetRequest } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { PasswordResetService } from './password-reset.service.js';

@Injectable()
export class PasswordResetHandler {
  constructor(@Inject(PasswordResetService) private readonly reset: PasswordResetService) {}

  @Handles(Subjects.identity.passwordResetRequest, ZPasswordResetRequest)
  request(input: { email: string }) {
    return this.reset.request(input.email);
  }

  @Handles(Subjects.identity.passwordResetCheck, ZPasswordResetCheck)
  check(input: { access_token: string }) {
    return this.reset.check(input.access_token);
  }

  @Handles(Subjects.identity.passwordResetConfirm, ZPasswordResetConfirm)
  confirm(input: { access_token: string; password: string }) {
    return this.reset.confirm(input.access_token, input.password);
  }
}
