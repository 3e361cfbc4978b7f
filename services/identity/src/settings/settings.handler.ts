import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { SettingsService } from './settings.service.js';

@Injectable()
export class SettingsHandler {
  constructor(@Inject(SettingsService) private readonly settings: SettingsService) {}

  @Handles(API_ROUTES.systemSetting)
  get() {
    return this.settings.get(requirePrincipal());
  }

  @Handles(API_ROUTES.ipSetting)
  ip(input: ApiRequest<'ipSetting'>) {
    return this.settings.saveIp(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.mfaSetting)
  mfa(input: ApiRequest<'mfaSetting'>) {
    return this.settings.saveMfa(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.proxyLoginSetting)
  proxy(input: ApiRequest<'proxyLoginSetting'>) {
    return this.settings.saveProxy(requirePrincipal(), input);
  }
}
