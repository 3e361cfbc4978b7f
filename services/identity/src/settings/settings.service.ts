import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, type ApiRequest, type TMessageRef, type TPrincipal, type TSystemSettings } from '@portal/proto';
import { changeDetail, changedFields, type TFieldValues } from '@portal/service-common/changes';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository, type TenantSettings } from '../accounts/accounts.repository.js';
import { recordOperation } from '../audit/audit.js';
import type { Tenant, Tx } from '../db.js';
import { partnerProxyAvailable } from '../proxy/proxy-permission.js';
import { assertNoSupportSecurityChange } from '../accounts/support-session.rules.js';
import { SessionEndService } from '../sessions/session-end.service.js';
import { ipAllowed, MAX_IP_ENTRIES, parseIpList } from './ip-list.rules.js';

/** How many bad lines of an IP list are named one by one; more are counted in one message. */
const IP_ERRORS_NAMED = 5;

/** System settings (spec §2 /user_system_settings): IP restriction, email MFA, support-login permission. */
@Injectable()
export class SettingsService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
  ) {}

  async get(principal: TPrincipal): Promise<TSystemSettings> {
    return this.view(await this.tenant(principal));
  }

  /**
   * Saves the allow-list. Every line must parse (the bad line is named); the saver's own address
   * must stay allowed, or they would lock themselves out (the SPA adds it before saving).
   */
  async saveIp(principal: TPrincipal, input: ApiRequest<'ipSetting'>): Promise<TSystemSettings> {
    // Never in a support session (the gateway's policy refuses first).
    assertNoSupportSecurityChange(principal);
    const tenant = await this.tenant(principal);
    const { entries, errors } = parseIpList(input.addresses);
    if (errors.length) {
      // The first lines are named, one message each (the page shows one per line); the rest counted.
      const named = errors.slice(0, IP_ERRORS_NAMED).map((e): TMessageRef => ({ key: 'ip.invalid_entry', params: { line: e.line, value: e.value } }));
      const more: TMessageRef[] = errors.length > IP_ERRORS_NAMED ? [{ key: 'ip.more_invalid', params: { count: errors.length - IP_ERRORS_NAMED } }] : [];
      throw ServiceError.form({ addresses: [...named, ...more] });
    }
    if (entries.length > MAX_IP_ENTRIES) throw ServiceError.form({ addresses: [{ key: 'ip.too_many', params: { max: MAX_IP_ENTRIES } }] });
    const ip = requireContext().clientIp ?? '';
    if (input.enabled && !ipAllowed(ip, entries)) {
      throw ServiceError.form({ addresses: [{ key: 'ip.must_include_current', params: { ip } }] });
    }
    return this.update(principal, tenant, { ipRestrictionEnabled: input.enabled, ipAllowlist: entries }, 'ip_setting_changed',
      { enabled: tenant.ipRestrictionEnabled, addresses: tenant.ipAllowlist }, { enabled: input.enabled, addresses: entries }, ['addresses']);
  }

  async saveMfa(principal: TPrincipal, input: ApiRequest<'mfaSetting'>): Promise<TSystemSettings> {
    // Never in a support session (the gateway's policy refuses first).
    assertNoSupportSecurityChange(principal);
    const tenant = await this.tenant(principal);
    return this.update(principal, tenant, { mfaEnabled: input.enabled, mfaValidity: input.validity }, 'mfa_setting_changed',
      { enabled: tenant.mfaEnabled, validity: tenant.mfaValidity }, { enabled: input.enabled, validity: input.validity });
  }

  /**
   * Permits or refuses support login by the agency and by operators. A refusal ends that party's
   * live support sessions in the same transaction (issue 21): their next request is logged out, and
   * the owners get each session's summary. Permitting again revives none.
   */
  async saveProxy(principal: TPrincipal, input: ApiRequest<'proxyLoginSetting'>): Promise<TSystemSettings> {
    // Never in a support session (the gateway's policy refuses first).
    assertNoSupportSecurityChange(principal);
    const tenant = await this.tenant(principal);
    if (input.partner_allowed && !partnerProxyAvailable(tenant)) {
      throw ServiceError.form({ partner_allowed: [{ key: 'proxy.not_available' }] });
    }
    const withdrawn = [
      ...(tenant.partnerProxyAllowed && !input.partner_allowed ? ['partner' as const] : []),
      ...(tenant.operatorProxyAllowed && !input.operator_allowed ? ['operator' as const] : []),
    ];
    const endWithdrawn = async (tx: Tx) => {
      const shard = principal.home_shard;
      for (const actorKind of withdrawn) {
        for (const ended of await this.ender.end(shard, { tenantUuid: tenant.uuid, proxy: true, actorKind }, 'permission_withdrawn', tx)) {
          // As the session's re-check records it (SessionService.resolve): the support login was denied.
          await recordOperation(tx, { shard, clientUuid: tenant.uuid, accountUuid: null, operation: 'support_session_ended', detail: { actor: ended.actorName, reason: 'denied' } });
        }
      }
    };
    return this.update(principal, tenant, { partnerProxyAllowed: input.partner_allowed, operatorProxyAllowed: input.operator_allowed }, 'proxy_login_setting_changed',
      { partner_allowed: tenant.partnerProxyAllowed, operator_allowed: tenant.operatorProxyAllowed }, { partner_allowed: input.partner_allowed, operator_allowed: input.operator_allowed }, [], endWithdrawn);
  }

  /**
   * Saves a setting and logs what changed from what (only the changed fields). A save of the
   * same values writes and logs nothing. `unordered` names lists whose order means nothing;
   * `also` is more work of the same change, in its transaction.
   */
  private async update<T extends TFieldValues>(
    principal: TPrincipal, tenant: Tenant, data: TenantSettings, operation: string, before: T, after: T, unordered: (keyof T)[] = [], also?: (tx: Tx) => Promise<void>,
  ): Promise<TSystemSettings> {
    const changed = changedFields(before, after, { unordered });
    if (!changed.length) return this.view(tenant);
    const shard = principal.home_shard;
    const updated = await this.uow.run(shard, async (tx) => {
      const row = await this.accounts.updateTenant(tx, tenant.uuid, data);
      const { before: was, after: now } = changeDetail(before, after, changed);
      await recordOperation(tx, { shard, clientUuid: tenant.uuid, accountUuid: principal.account_uuid, operation, detail: { before: was, after: now } });
      await also?.(tx);
      return row;
    });
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
