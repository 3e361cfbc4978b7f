import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZIpSetting, ZMfaSetting, ZProxyLoginSetting } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { SettingsService } from './settings.service.js';

@Injectable()
export class SettingsHandler {
  constructor(@Inject(SettingsService) private readonly settings: SettingsService) {}

  @Handles(Subjects.identity.settingsGet)
  get() {
    return this.settings.get(requirePrincipal());
  }

  @Handles(Subjects.identity.settingsIp, ZIpSetting)
  ip(input: { enabled: boolean; addresses: string }) {
    return this.settings.saveIp(requirePrincipal(), input);
  }

  @Handles(Subjects.identity.settingsMfa, ZMfaSetting)
  mfa(input: { enabled: boolean; validity: string }) {
    return this.settings.saveMfa(requirePrincipal(), input);
  }

  @Handles(Subjects.identity.settingsProxy, ZProxyLoginSetting)
  proxy(input: { partner_allowed: boolean; operator_allowed: boolean }) {
    return this.settings.saveProxy(requirePrincipal(), input);
  }
}
