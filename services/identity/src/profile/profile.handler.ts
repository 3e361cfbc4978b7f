import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { ProfileService } from './profile.service.js';

@Injectable()
export class ProfileHandler {
  constructor(@Inject(ProfileService) private readonly profile: ProfileService) {}

  @Handles(API_ROUTES.profileGet)
  get() {
    return this.profile.get(requirePrincipal());
  }

  @Handles(API_ROUTES.profileUpdate)
  update(input: ApiRequest<'profileUpdate'>) {
    return this.profile.update(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.profileSendCode)
  sendCode(input: ApiRequest<'profileSendCode'>) {
    return this.profile.sendCode(requirePrincipal(), input.email, input.current_password);
  }
}
