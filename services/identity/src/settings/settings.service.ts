import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, type TPrincipal, type TSystemSettings } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recordOperation } from '../audit/audit.js';
import type { Tenant } from '../db.js';
import { partnerProxyAvailable } from '../proxy/proxy-permission.js';
import { ipAllowed, MAX_IP_ENTRIES, parseIpList } from './ip-list.js';

/** System settings (spec §2 /user_system_settings): IP restriction, email MFA, support-login permission. */
@Injectable()
export class SettingsService {
  constructor(@Inject(AccountsRepository) private readonly accounts: AccountsRepository) {}

  async get(principal: TPrincipal): Promise<TSystemSettings> {
    return this.view(await this.tenant(principal));
  }

  /**
   * Saves the allow-list. Every line must parse (the bad line is named); the saver's own address
   * must stay allowed, or they would lock themselves out (the SPA adds it before saving).
   */
  async saveIp(principal: TPrincipal, input: { enabled: boolean; addresses: string }): Promise<TSystemSettings> {
    const tenant = await this.tenant(principal);
    const { entries, errors } = parseIpList(input.addresses);
    if (errors.length) {
      throw ServiceError.form({ addresses: errors.slice(0, 5).map((e) => ({ key: 'ip.invalid_entry', params: { line: e.line, value: e.value } })) });
    }
    if (entries.length > MAX_IP_ENTRIES) throw ServiceError.form({ addresses: [{ key: 'ip.too_many', params: { max: MAX_IP_ENTRIES } }] });
    const ip = requireContext().clientIp ?? '';
    if (input.enabled && !ipAllowed(ip, entries)) {
      throw ServiceError.form({ addresses: [{ key: 'ip.must_include_current', params: { ip } }] });
    }
    return this.update(principal, tenant, { ipRestrictionEnabled: input.enabled, ipAllowlist: entries }, 'ip_setting_changed', {
      before: { enabled: tenant.ipRestrictionEnabled, addresses: tenant.ipAllowlist }, after: { enabled: input.enabled, addresses: entries },
    });
  }

  async saveMfa(principal: TPrincipal, input: { enabled: boolean; validity: string }): Promise<TSystemSettings> {
    const tenant = await this.tenant(principal);
    return this.update(principal, tenant, { mfaEnabled: input.enabled, mfaValidity: input.validity }, 'mfa_setting_changed', {
      before: { enabled: tenant.mfaEnabled, validity: tenant.mfaValidity }, after: input,
    });
  }

  async saveProxy(principal: TPrincipal, input: { partner_allowed: boolean; operator_allowed: boolean }): Promise<TSystemSettings> {
    const tenant = await this.tenant(principal);
    if (input.partner_allowed && !partnerProxyAvailable(tenant)) {
      throw ServiceError.form({ partner_allowed: [{ key: 'proxy.not_available' }] });
    }
    return this.update(principal, tenant, { partnerProxyAllowed: input.partner_allowed, operatorProxyAllowed: input.operator_allowed }, 'proxy_login_setting_changed', {
      before: { partner_allowed: tenant.partnerProxyAllowed, operator_allowed: tenant.operatorProxyAllowed }, after: input,
    });
  }

  private async update(principal: TPrincipal, tenant: Tenant, data: Partial<Tenant>, operation: string, detail: Record<string, unknown>): Promise<TSystemSettings> {
    const shard = principal.home_shard;
    const updated = await this.accounts.client(shard).$transaction(async (tx) => {
      const row = await tx.tenant.update({ where: { uuid: tenant.uuid }, data });
      await recordOperation(tx, { shard, clientUuid: tenant.uuid, accountUuid: principal.account_uuid, operation, detail });
      return row;
    });
    this.accounts.kick(shard);
    return this.view(updated);
  }

  private async tenant(principal: TPrincipal): Promise<Tenant> {
    // Tenancy from the principal only (DESIGN §4).
    const tenant = await this.accounts.tenant(principal.home_shard, principal.client_uuid);
    if (!tenant) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return tenant;
  }

  private async view(tenant: Tenant): Promise<TSystemSettings> {
    const partner = tenant.partnerUuid ? await this.partnerName(tenant.partnerUuid) : null;
    return {
      ip_restriction: { enabled: tenant.ipRestrictionEnabled, addresses: tenant.ipAllowlist },
      current_ip: requireContext().clientIp ?? '',
      mfa: { enabled: tenant.mfaEnabled, validity: (['24h', '7d', '30d'].includes(tenant.mfaValidity) ? tenant.mfaValidity : '24h') as '24h' },
      proxy_login: { partner_allowed: tenant.partnerProxyAllowed, operator_allowed: tenant.operatorProxyAllowed, partner_name: partner, available: partnerProxyAvailable(tenant) },
    };
  }

  private async partnerName(uuid: string): Promise<string | null> {
    for (const shard of [requireContext().region, 'global' as const]) {
      const partner = await this.accounts.tenant(shard, uuid);
      if (partner) return partner.name;
    }
    return null;
  }
}
