import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZTemporaryRegister, type TTemporaryRegister } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { SignupService } from './signup.service.js';

@Injectable()
export class SignupHandler {
  constructor(@Inject(SignupService) private readonly signup: SignupService) {}

  @Handles(Subjects.identity.temporaryRegister, ZTemporaryRegister)
  registerTemporary(input: TTemporaryRegister) {
    return this.signup.registerTemporary(input);
  }
}
