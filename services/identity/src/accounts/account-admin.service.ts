import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, type TAccountUpdate, type TInviteRequest, type TLanguage, type TMessageRef, type TPrincipal } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import { displayName, type Account, type Tx } from '../db.js';
import { MAIL_UPDATE_TTL_MS } from '../identity.config.js';
import { InvitationService } from '../invitations/invitation.service.js';
import { hashToken, shardOf, shardToken } from '../passwords/tokens.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { AccountsRepository } from './accounts.repository.js';

/** Accounts of the contracted marketing-automation product are protected from the client (spec §6). */
const PROTECTED_PRODUCT = 'bownow';
/**
 * The protection applies to accounts that exist on the product's side: those that accepted their
 * invitation. An invitation (invited, expired) has no product account yet, so one sent with the
 * product by mistake can still be deleted (docs/decisions.md).
 */
const PRODUCT_SIDE_STATUSES = ['active', 'inactive', 'modifymail'];
const productProtected = (a: Account) => a.products.includes(PROTECTED_PRODUCT) && PRODUCT_SIDE_STATUSES.includes(a.status);

const notFound = () => new ServiceError(AccessCode.FORM_ERROR, 'account.not_found');
const invalidMailLink = () => new ServiceError(AccessCode.FORM_ERROR, 'account.mail_link_invalid', undefined, { access_token: [{ key: 'account.mail_link_invalid' }] });
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The owner's management of the company's people (spec §2 /user/*, §4 account status): invite by
 * screen, ban and resume, delete, reinvite. Tenancy comes from the principal only.
 */
@Injectable()
export class AccountAdminService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(InvitationService) private readonly invitations: InvitationService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async invite(principal: TPrincipal, input: TInviteRequest) {
    const shard = principal.home_shard;
    const language = requireContext().language;
    // Every row is checked before anything is written: a form with one bad row changes nothing.
    const fields: Record<string, TMessageRef[]> = {};
    const seen = new Set<string>();
    for (const [index, row] of input.users.entries()) {
      const email = row.email.toLowerCase();
      if (seen.has(email) || (await this.accounts.emailExists(shard, email))) {
        fields[`users.${index}.email`] = [{ key: 'signup.email_exists' }];
      }
      seen.add(email);
    }
    if (Object.keys(fields).length) throw ServiceError.form(fields);

    return { invited: await this.createInvited(principal, input.users, language, 'account_invited') };
  }

  /**
   * Creates invited accounts with their invitation links and mails, in one transaction, with one
   * operation-log entry per account (screen) or one for the import (CSV).
   */
  async createInvited(principal: TPrincipal, rows: TInviteRequest['users'], language: TLanguage, operation: 'account_invited' | 'accounts_imported') {
    const shard = principal.home_shard;
    const tenant = await this.tenant(principal);
    const inviter = await this.accounts.findByUuid(shard, principal.account_uuid);
    const invited = await this.accounts.client(shard).$transaction(async (tx) => {
      const out: { uuid: string; email: string }[] = [];
      for (const row of rows) {
        const uuid = randomUUID();
        await tx.account.create({
          data: {
            uuid, email: row.email.toLowerCase(), familyName: row.name, givenName: '', kind: 'client', authority: row.authority,
            tenantUuid: tenant.uuid, status: 'invited', language: row.language ?? language, products: row.products,
          },
        });
        await this.sendInvitation(tx, principal, { uuid, email: row.email, language: row.language ?? language }, tenant.name, inviter?.account);
        if (operation === 'account_invited') {
          await recordOperation(tx, { shard, clientUuid: tenant.uuid, accountUuid: principal.account_uuid, operation, detail: { email: row.email.toLowerCase(), authority: row.authority } });
        }
        out.push({ uuid, email: row.email.toLowerCase() });
      }
      if (operation === 'accounts_imported') {
        await recordOperation(tx, { shard, clientUuid: tenant.uuid, accountUuid: principal.account_uuid, operation, detail: { count: rows.length } });
      }
      return out;
    }, { timeout: 60_000 });
    this.accounts.kick(shard);
    return invited;
  }

  /**
   * Ban (inactive) or resume. Banning works on active and modifymail accounts (a pending email
   * change survives the ban); resuming an account whose email change is still pending (a live
   * link) returns it to modifymail, otherwise to active.
   */
  async setStatus(principal: TPrincipal, uuid: string, status: 'active' | 'inactive') {
    const { account } = await this.target(principal, uuid);
    if (account.uuid === principal.account_uuid) throw new ServiceError(AccessCode.FORM_ERROR, 'account.self');
    if (!PRODUCT_SIDE_STATUSES.includes(account.status)) throw new ServiceError(AccessCode.FORM_ERROR, 'account.not_editable');
    if (productProtected(account)) throw new ServiceError(AccessCode.FORM_ERROR, 'account.bownow_protected');
    if (status === 'inactive' && account.authority === 'owner') await this.assertNotLastOwner(principal, account);
    const shard = principal.home_shard;
    const now = this.clock.now();
    const next = await this.accounts.client(shard).$transaction(async (tx) => {
      let target: string = status;
      if (status === 'active') {
        const pendingLink = account.pendingEmail
          ? await tx.oneTimeToken.count({ where: { accountUuid: uuid, purpose: 'mail_update', usedAt: null, expiresAt: { gt: now } } })
          : 0;
        target = pendingLink ? 'modifymail' : 'active';
      }
      if (target === account.status) return target;
      await tx.account.update({ where: { uuid }, data: { status: target } });
      // A banned account's sessions end now (and at its next request in any case).
      if (status === 'inactive') await this.sessions.end(tx, { accountUuid: uuid }, now);
      await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation: status === 'inactive' ? 'account_stopped' : 'account_resumed', detail: { email: account.email } });
      return target;
    });
    this.accounts.kick(shard);
    return { uuid, status: next };
  }

  async remove(principal: TPrincipal, uuid: string) {
    const { account } = await this.target(principal, uuid);
    if (account.uuid === principal.account_uuid) throw new ServiceError(AccessCode.FORM_ERROR, 'account.self');
    if (productProtected(account)) throw new ServiceError(AccessCode.FORM_ERROR, 'account.bownow_protected');
    if (account.authority === 'owner') await this.assertNotLastOwner(principal, account);
    const shard = principal.home_shard;
    await this.accounts.client(shard).$transaction(async (tx) => {
      await this.sessions.end(tx, { accountUuid: uuid }, this.clock.now());
      await tx.oneTimeToken.deleteMany({ where: { accountUuid: uuid } });
      await tx.account.delete({ where: { uuid } });
      await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation: 'account_deleted', detail: { email: account.email } });
    });
    this.accounts.kick(shard);
    return {};
  }

  async reinvite(principal: TPrincipal, uuid: string) {
    const { account, tenantName } = await this.target(principal, uuid);
    if (account.status !== 'invited' && account.status !== 'expired') throw new ServiceError(AccessCode.FORM_ERROR, 'account.not_invitable');
    const shard = principal.home_shard;
    const inviter = await this.accounts.findByUuid(shard, principal.account_uuid);
    await this.accounts.client(shard).$transaction(async (tx) => {
      await tx.account.update({ where: { uuid }, data: { status: 'invited' } });
      await this.sendInvitation(tx, principal, { uuid, email: account.email, language: account.language as TLanguage }, tenantName, inviter?.account);
      await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation: 'account_reinvited', detail: { email: account.email } });
    });
    this.accounts.kick(shard);
    return { uuid, status: 'invited' };
  }

  async get(principal: TPrincipal, uuid: string) {
    // The status as of now: an invitation past its 24 hours reads expired (as in the list).
    if (principal.client_uuid) await this.accounts.expireInvitations(principal.home_shard, this.clock.now(), principal.client_uuid);
    return detail((await this.target(principal, uuid)).account);
  }

  /**
   * /user/update (spec §2, §4): name, authority, products and email. Every change is checked
   * before anything is written and logged with its before and after; a different email starts a
   * verification (link valid 24 hours, status modifymail, the old address still logs in; saving
   * again replaces the target and the earlier link).
   */
  async update(principal: TPrincipal, input: TAccountUpdate) {
    const { account, tenantName } = await this.target(principal, input.uuid);
    if (account.status === 'invited' || account.status === 'expired') throw new ServiceError(AccessCode.FORM_ERROR, 'account.not_editable');
    const shard = principal.home_shard;
    const email = input.email.toLowerCase();
    const authorityChanged = account.authority !== input.authority;
    if (authorityChanged && account.authority === 'owner') await this.assertNotLastOwner(principal, account);
    if (account.products.includes(PROTECTED_PRODUCT) && !input.products.includes(PROTECTED_PRODUCT)) {
      throw ServiceError.form({ products: [{ key: 'account.bownow_product_locked' }] });
    }
    const emailChanged = email !== account.email && email !== account.pendingEmail;
    if (emailChanged && (await this.accounts.emailExists(shard, email))) throw ServiceError.form({ email: [{ key: 'signup.email_exists' }] });
    const cancelEmailChange = email === account.email && account.pendingEmail !== null;

    const updated = await this.accounts.client(shard).$transaction(async (tx) => {
      const log = (operation: string, detail: Record<string, unknown>) =>
        recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation, detail: { email: account.email, ...detail } });
      if (account.familyName !== input.family_name || account.givenName !== input.given_name) {
        await log('account_name_changed', { before: displayName(account), after: displayName({ familyName: input.family_name, givenName: input.given_name }) });
      }
      if (authorityChanged) await log('authority_changed', { before: account.authority, after: input.authority });
      if (!sameSet(account.products, input.products)) await log('services_changed', { before: account.products, after: input.products });
      let status = account.status;
      let pendingEmail = account.pendingEmail;
      if (emailChanged || cancelEmailChange) {
        // One pending change per account: the newer request replaces the older, whichever path
        // started it. Earlier links and a code the user requested on the profile stop working.
        await tx.oneTimeToken.updateMany({ where: { accountUuid: account.uuid, purpose: { in: ['mail_update', 'email_code'] }, usedAt: null }, data: { usedAt: this.clock.now() } });
      }
      if (emailChanged) {
        const token = shardToken(shard);
        await tx.oneTimeToken.create({
          data: { tokenHash: hashToken(token), purpose: 'mail_update', accountUuid: account.uuid, payload: { email }, expiresAt: new Date(this.clock.now().getTime() + MAIL_UPDATE_TTL_MS) },
        });
        await requestMail(tx, shard, {
          to: email, template: 'mail_update', language: account.language as TLanguage,
          params: { company: tenantName, url: publicUrl(`/account_mail_update/${account.uuid}/${token}`) },
        });
        await log('email_change_requested', { after: email });
        pendingEmail = email;
        if (status === 'active') status = 'modifymail';
      } else if (cancelEmailChange) {
        pendingEmail = null;
        if (status === 'modifymail') status = 'active';
      }
      return tx.account.update({
        where: { uuid: account.uuid },
        data: { familyName: input.family_name, givenName: input.given_name, authority: input.authority, products: input.products, pendingEmail, status },
      });
    });
    this.accounts.kick(shard);
    return detail(updated);
  }

  /** /account_mail_update/{user_uuid}/{access_token}: applies the pending address (public: the link is the credential). */
  async confirmMailUpdate(userUuid: string, token: string) {
    const shard = shardOf(token);
    if (!shard) throw invalidMailLink();
    const client = this.accounts.client(shard);
    const row = await client.oneTimeToken.findUnique({ where: { tokenHash: hashToken(token) } });
    const now = this.clock.now();
    if (!row || row.purpose !== 'mail_update' || row.usedAt || row.accountUuid !== userUuid || row.expiresAt <= now) throw invalidMailLink();
    const found = await this.accounts.findByUuid(shard, userUuid);
    const email = (row.payload as { email: string }).email;
    if (!found || found.account.pendingEmail !== email) throw invalidMailLink();
    if (await this.accounts.emailExists(shard, email)) throw ServiceError.form({ access_token: [{ key: 'signup.email_exists' }] });
    const { account } = found;
    await client.$transaction(async (tx) => {
      const used = await tx.oneTimeToken.updateMany({ where: { tokenHash: row.tokenHash, usedAt: null }, data: { usedAt: now } });
      if (used.count !== 1) throw invalidMailLink();
      await tx.account.update({
        where: { uuid: account.uuid },
        data: { email, pendingEmail: null, status: account.status === 'modifymail' ? 'active' : account.status },
      });
      await recordOperation(tx, { shard, clientUuid: account.tenantUuid, accountUuid: account.uuid, operation: 'email_change_applied', detail: { before: account.email, after: email } });
    });
    this.accounts.kick(shard);
    return { email };
  }

  private async sendInvitation(tx: Tx, principal: TPrincipal, to: { uuid: string; email: string; language: TLanguage }, company: string, inviter: Account | undefined) {
    const token = await this.invitations.issue(tx, principal.home_shard, to.uuid);
    await requestMail(tx, principal.home_shard, {
      to: to.email, template: 'invitation', language: to.language,
      params: { company, inviter: inviter ? displayName(inviter) : company, url: publicUrl(`/invite/${token}`) },
    });
  }

  private async tenant(principal: TPrincipal) {
    const tenant = await this.accounts.tenant(principal.home_shard, principal.client_uuid);
    if (!tenant) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return tenant;
  }

  /** An account of the principal's own company, or "already deleted" (no other company's account is ever touched). */
  private async target(principal: TPrincipal, uuid: string) {
    const tenant = await this.tenant(principal);
    const found = await this.accounts.findByUuid(principal.home_shard, uuid);
    if (!found || found.account.tenantUuid !== tenant.uuid) throw notFound();
    return { account: found.account, tenantName: tenant.name };
  }

  private async assertNotLastOwner(principal: TPrincipal, account: Account) {
    const owners = await this.accounts.client(principal.home_shard).account.count({
      where: { tenantUuid: account.tenantUuid, authority: 'owner', status: { in: ['active', 'modifymail'] }, NOT: { uuid: account.uuid } },
    });
    if (owners === 0) throw new ServiceError(AccessCode.FORM_ERROR, 'account.last_owner');
  }
}

function detail(a: Account) {
  return {
    uuid: a.uuid, email: a.email, family_name: a.familyName, given_name: a.givenName, authority: a.authority as 'owner' | 'admin' | 'user' | null,
    products: a.products, status: a.status, pending_email: a.pendingEmail, language: a.language as TLanguage,
  };
}
