import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZProfileUpdate, ZSendCode, type TProfileUpdate } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { ProfileService } from './profile.service.js';

@Injectable()
export class ProfileHandler {
  constructor(@Inject(ProfileService) private readonly profile: ProfileService) {}

  @Handles(Subjects.identity.profileGet)
  get() {
    return this.profile.get(requirePrincipal());
  }

  @Handles(Subjects.identity.profileUpdate, ZProfileUpdate)
  update(input: TProfileUpdate) {
    return this.profile.update(requirePrincipal(), input);
  }

  @Handles(Subjects.identity.profileSendCode, ZSendCode)
  sendCode(input: { email: string; current_password: string }) {
    return this.profile.sendCode(requirePrincipal(), input.email, input.current_password);
  }
}
