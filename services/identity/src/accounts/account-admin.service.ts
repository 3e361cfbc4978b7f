import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  API_ROUTES, AccessCode, productName, type ApiReply, type TAccountAction, type TAccountStatus, type TAccountUpdate, type TInviteRequest, type TLanguage, type TMessageRef, type TPrincipal,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { changedFields } from '@portal/service-common/changes';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { recordOperation } from '../audit/audit.js';
import { publicUrl, requestMail } from '../audit/mail.js';
import type { Account, Tx } from '../db.js';
import { InvitationService } from '../invitations/invitation.service.js';
import { shardOf } from '../passwords/tokens.js';
import { SessionEndService } from '../sessions/session-end.service.js';
import { linkRefusal } from '../tokens/link-refusal.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import {
  ACTIVE_STATUSES, lastOwnerRefusal, needsOwnerCount, productProtected, productsNotHeld, selfRefusal, removesProtectedProduct, statusOnEmailChangeRequested,
  statusOnEmailChangeSettled, transition, type TOwnerAction,
} from './account.rules.js';
import { AccountsRepository, type AccountChanges } from './accounts.repository.js';
import { mapEmailTaken } from './email-taken.js';
import { accountName } from './person-name.js';
import { supportActionRefusal, supportInviteRefusal, supportRefused, type TSupportEdit } from './support-session.rules.js';
import { recordDirectory } from '../directory/directory.js';

const notFound = () => new ServiceError(AccessCode.FORM_ERROR, 'account.not_found');
const refuse = (key: string) => new ServiceError(AccessCode.FORM_ERROR, key);
const notHeld = (products: string[]): TMessageRef[] => products.map((p) => ({ key: 'product.not_held', params: { product: productName(p) } }));
/** The purposes of a pending email change: the owner's link and the profile's code (one pending change per account). */
const EMAIL_CHANGE = ['mail_update', 'email_code'] as const;

/**
 * The owner's management of the company's people (spec §2 /user/*, §4 account status): invite by
 * screen, ban and resume, delete, reinvite, edit. Tenancy comes from the principal only; what each
 * status allows and the last-owner rule are account.rules.ts.
 */
@Injectable()
export class AccountAdminService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
    @Inject(InvitationService) private readonly invitations: InvitationService,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async invite(principal: TPrincipal, input: TInviteRequest): Promise<ApiReply<'userInvite'>> {
    const shard = principal.home_shard;
    const language = requireContext().language;
    this.assertSupportMayInvite(principal, input.users);
    // Every row is checked before anything is written: a form with one bad row changes nothing.
    const fields: Record<string, TMessageRef[]> = {};
    const seen = new Set<string>();
    const held = input.users.some((u) => u.products.length) ? await this.heldProducts() : [];
    for (const [index, row] of input.users.entries()) {
      const email = row.email.toLowerCase();
      if (seen.has(email) || (await this.accounts.emailExists(shard, email))) {
        fields[`users.${index}.email`] = [{ key: 'signup.email_exists' }];
      }
      seen.add(email);
      const refused = productsNotHeld(row.products, held);
      if (refused.length) fields[`users.${index}.products`] = notHeld(refused);
    }
    if (Object.keys(fields).length) throw ServiceError.form(fields);

    // Two requests racing for one address: the loser meets the unique index (40011, not 50000).
    return { invited: await mapEmailTaken('users', () => this.createInvited(principal, input.users, language, 'account_invited')) };
  }

  /**
   * Creates invited accounts with their invitation links and mails, in one unit of work, with one
   * operation-log entry per account (screen) or one for the import (CSV).
   */
  async createInvited(principal: TPrincipal, rows: TInviteRequest['users'], language: TLanguage, operation: 'account_invited' | 'accounts_imported') {
    const shard = principal.home_shard;
    // Screen and CSV alike (the CSV gives authority user today; this holds whatever it gives).
    this.assertSupportMayInvite(principal, rows);
    const tenant = await this.tenant(principal);
    const inviter = await this.accounts.accountByUuid(shard, principal.account_uuid);
    return this.uow.run(shard, async (tx) => {
      const out: { uuid: string; email: string }[] = [];
      for (const row of rows) {
        const uuid = randomUUID();
        const email = row.email.toLowerCase();
        await this.accounts.create(tx, {
          uuid, email, familyName: row.family_name, givenName: row.given_name, kind: 'client', authority: row.authority,
          tenantUuid: tenant.uuid, status: 'invited', language: row.language ?? language, products: row.products,
          supportCreatedBy: supportActor(principal),
        });
        const name = { familyName: row.family_name, givenName: row.given_name };
        await this.sendInvitation(tx, principal, { uuid, email: row.email, language: row.language ?? language, name }, tenant.name, inviter);
        if (operation === 'account_invited') {
          await recordOperation(tx, { shard, clientUuid: tenant.uuid, accountUuid: principal.account_uuid, operation, detail: { email, authority: row.authority } });
        }
        out.push({ uuid, email });
      }
      if (operation === 'accounts_imported') {
        await recordOperation(tx, { shard, clientUuid: tenant.uuid, accountUuid: principal.account_uuid, operation, detail: { count: rows.length } });
      }
      return out;
    }, { timeoutMs: 60_000 });
  }

  /**
   * Ban (inactive) or resume. Banning works on active and modifymail accounts (a pending email
   * change survives the ban); resuming an account whose email change is still pending (a live
   * link) returns it to modifymail, otherwise to active.
   */
  async setStatus(principal: TPrincipal, uuid: string, status: 'active' | 'inactive'): Promise<ApiReply<'userStatus'>> {
    const action = status === 'inactive' ? 'ban' : 'resume';
    const { account } = await this.target(principal, uuid);
    this.assertSupportMay(principal, action, account);
    this.assertNotSelf(principal, action, account);
    this.assertAllowed(account, action);
    if (productProtected(account)) throw refuse('account.bownow_protected');
    await this.assertNotLastOwner(principal, action, account);
    const shard = principal.home_shard;
    const next = await this.uow.run(shard, async (tx) => {
      const pendingEmailLink = action === 'resume' && account.pendingEmail !== null && (await this.tokens.hasLive(tx, uuid, 'mail_update'));
      const step = transition(account.status as TAccountStatus, action, { pendingEmailLink });
      if (!step.ok) throw refuse(step.refusal);
      if (!step.changed) return step.next;
      await this.accounts.update(tx, uuid, { status: step.next, ...this.supportMark(principal) });
      // A banned account's sessions end now (and at its next request in any case).
      if (action === 'ban') await this.ender.end(shard, { accountUuid: uuid }, 'access_lost', tx);
      await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation: action === 'ban' ? 'account_stopped' : 'account_resumed', detail: { email: account.email } });
      return step.next;
    });
    return { uuid, status: next };
  }

  async remove(principal: TPrincipal, uuid: string): Promise<ApiReply<'userDelete'>> {
    const { account } = await this.target(principal, uuid);
    this.assertSupportMay(principal, 'delete', account);
    this.assertNotSelf(principal, 'delete', account);
    if (productProtected(account)) throw refuse('account.bownow_protected');
    await this.assertNotLastOwner(principal, 'delete', account);
    const shard = principal.home_shard;
    await this.uow.run(shard, async (tx) => {
      await this.ender.end(shard, { accountUuid: uuid }, 'access_lost', tx);
      await this.tokens.forgetAccount(tx, uuid);
      await this.accounts.delete(tx, uuid);
      await recordDirectory(tx, shard, { email: account.email, accountUuid: uuid, removed: true });
      await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation: 'account_deleted', detail: { email: account.email } });
    });
    return {};
  }

  async reinvite(principal: TPrincipal, uuid: string): Promise<ApiReply<'userReinvite'>> {
    const { account, tenantName } = await this.target(principal, uuid);
    this.assertSupportMay(principal, 'reinvite', account);
    const step = this.assertAllowed(account, 'reinvite');
    const shard = principal.home_shard;
    const inviter = await this.accounts.accountByUuid(shard, principal.account_uuid);
    await this.uow.run(shard, async (tx) => {
      await this.accounts.update(tx, uuid, { status: step.next, ...this.supportMark(principal) });
      await this.sendInvitation(tx, principal, { uuid, email: account.email, language: account.language as TLanguage, name: account }, tenantName, inviter);
      await recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation: 'account_reinvited', detail: { email: account.email } });
    });
    return { uuid, status: step.next };
  }

  async get(principal: TPrincipal, uuid: string): Promise<ApiReply<'userGet'>> {
    // The status as of now: an invitation without a live link reads expired (as in the list),
    // computed at read time; the sweep writes it (a read never writes).
    const { account } = await this.target(principal, uuid);
    const expired = account.status === 'invited' && !(await this.tokens.hasLive(principal.home_shard, uuid, 'invitation'));
    return detail(expired ? { ...account, status: 'expired' } : account);
  }

  /**
   * /user/update (spec §2, §4): name, authority, products and email. Every change is checked
   * before anything is written and logged with its before and after; a different email starts a
   * verification (link valid 24 hours, status modifymail, the old address still logs in; saving
   * again replaces the target and the earlier link). A save that changes nothing writes and logs
   * nothing.
   */
  async update(principal: TPrincipal, input: TAccountUpdate): Promise<ApiReply<'userUpdate'>> {
    const { account, tenantName } = await this.target(principal, input.uuid);
    this.assertSupportMay(principal, 'edit', account, { authority: input.authority, email: input.email });
    this.assertAllowed(account, 'edit');
    const shard = principal.home_shard;
    const email = input.email.toLowerCase();
    const before = { family_name: account.familyName, given_name: account.givenName, authority: account.authority, products: account.products };
    const after = { family_name: input.family_name, given_name: input.given_name, authority: input.authority, products: input.products };
    const changed = new Set(changedFields(before, after, { unordered: ['products'] }));
    const emailChanged = email !== account.email && email !== account.pendingEmail;
    const cancelEmailChange = email === account.email && account.pendingEmail !== null;
    if (!changed.size && !emailChanged && !cancelEmailChange) return detail(account);
    if (changed.has('authority')) await this.assertNotLastOwner(principal, 'demote', account);
    if (removesProtectedProduct(account.products, input.products)) throw ServiceError.form({ products: [{ key: 'account.bownow_product_locked' }] });
    if (changed.has('products')) {
      const refused = productsNotHeld(input.products, await this.heldProducts(), account.products);
      if (refused.length) throw ServiceError.form({ products: notHeld(refused) });
    }
    if (emailChanged && (await this.accounts.emailExists(shard, email))) throw ServiceError.form({ email: [{ key: 'signup.email_exists' }] });

    const updated = await this.uow.run(shard, async (tx) => {
      const log = (operation: string, detail: Record<string, unknown>) =>
        recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation, detail: { email: account.email, ...detail } });
      // The name's parts, so that the log writes it in its reader's order.
      if (changed.has('family_name') || changed.has('given_name')) {
        await log('account_name_changed', {
          before: { family_name: account.familyName, given_name: account.givenName }, after: { family_name: input.family_name, given_name: input.given_name },
        });
      }
      if (changed.has('authority')) await log('authority_changed', { before: account.authority, after: input.authority });
      if (changed.has('products')) await log('services_changed', { before: account.products, after: input.products });
      let status = account.status as TAccountStatus;
      let pendingEmail = account.pendingEmail;
      if (emailChanged) {
        // One pending change per account: the newer request replaces the older, whichever path
        // started it. Earlier links and a code the user requested on the profile stop working.
        const { token } = await this.tokens.issue(tx, shard, { purpose: 'mail_update', accountUuid: account.uuid, payload: { email }, replaces: EMAIL_CHANGE });
        await requestMail(tx, shard, {
          to: email, template: 'mail_update', language: account.language as TLanguage,
          recipient: accountName(principal.region, { familyName: input.family_name, givenName: input.given_name }),
          params: { company: tenantName, url: publicUrl(`/account_mail_update/${account.uuid}/${token}`) },
        });
        await log('email_change_requested', { after: email });
        pendingEmail = email;
        status = statusOnEmailChangeRequested(status);
      } else if (cancelEmailChange) {
        await this.tokens.revoke(tx, account.uuid, EMAIL_CHANGE);
        pendingEmail = null;
        status = statusOnEmailChangeSettled(status);
      }
      return this.accounts.update(tx, account.uuid, {
        familyName: input.family_name, givenName: input.given_name, authority: input.authority, products: input.products, pendingEmail, status,
        ...this.supportMark(principal),
      });
    });
    return detail(updated);
  }

  /** /account_mail_update/{user_uuid}/{access_token}: applies the pending address (public: the link is the credential). */
  async confirmMailUpdate(userUuid: string, token: string): Promise<ApiReply<'mailUpdateConfirm'>> {
    const shard = shardOf(token);
    const opened = await this.tokens.inspect(shard, token, 'mail_update');
    if (opened.state !== 'live') throw linkRefusal('mail_update', opened.state);
    const email = (opened.token.payload as { email: string }).email;
    const found = shard && opened.token.accountUuid === userUuid ? await this.accounts.findByUuid(shard, userUuid) : null;
    if (!shard || !found) throw linkRefusal('mail_update', 'unknown');
    // The address is no longer the pending one: a newer change took its place.
    if (found.account.pendingEmail !== email) throw linkRefusal('mail_update', 'revoked');
    if (await this.accounts.emailExists(shard, email)) throw ServiceError.form({ access_token: [{ key: 'signup.email_exists' }] });
    const { account } = found;
    await mapEmailTaken('access_token', () => this.uow.run(shard, async (tx) => {
      const used = await this.tokens.consume(tx, token, 'mail_update');
      if (used.state !== 'live') throw linkRefusal('mail_update', used.state);
      await this.accounts.update(tx, account.uuid, { email, pendingEmail: null, status: statusOnEmailChangeSettled(account.status as TAccountStatus) });
      await recordDirectory(tx, shard, { email: account.email, accountUuid: account.uuid, removed: true });
      await recordDirectory(tx, shard, { email, accountUuid: account.uuid });
      await recordOperation(tx, { shard, clientUuid: account.tenantUuid, accountUuid: account.uuid, operation: 'email_change_applied', detail: { before: account.email, after: email } });
    }));
    return { email };
  }

  private async sendInvitation(
    tx: Tx, principal: TPrincipal, to: { uuid: string; email: string; language: TLanguage; name: Pick<Account, 'familyName' | 'givenName'> }, company: string, inviter: Account | null,
  ) {
    const token = await this.invitations.issue(tx, principal.home_shard, to.uuid);
    await requestMail(tx, principal.home_shard, {
      to: to.email, template: 'invitation', language: to.language, recipient: accountName(principal.region, to.name),
      params: { company, inviter: inviter ? accountName(principal.region, inviter) : company, url: publicUrl(`/invite/${token}`) },
    });
  }

  /** The products the company holds (licence owns them; the principal's company). */
  private async heldProducts(): Promise<string[]> {
    return (await ask(this.transport, API_ROUTES.clientProducts, {})).products;
  }

  private async tenant(principal: TPrincipal) {
    const tenant = await this.accounts.tenant(principal.home_shard, principal.client_uuid);
    if (!tenant) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return tenant;
  }

  /** An account of the principal's own company, or "already deleted" (no other company's account is ever touched). */
  private async target(principal: TPrincipal, uuid: string) {
    const tenant = await this.tenant(principal);
    const account = await this.accounts.accountByUuid(principal.home_shard, uuid);
    if (!account || account.tenantUuid !== tenant.uuid) throw notFound();
    return { account, tenantName: tenant.name };
  }

  /** A support session invites users only and acts on user-level accounts only, without changing an email or authority (support-session.rules.ts). */
  private assertSupportMayInvite(principal: TPrincipal, rows: readonly { authority: string | null }[]) {
    const refusal = supportInviteRefusal(principal, rows.map((r) => r.authority));
    if (refusal) throw supportRefused(refusal);
  }

  private assertSupportMay(principal: TPrincipal, action: TAccountAction, account: Account, edit?: TSupportEdit) {
    const refusal = supportActionRefusal(principal, action, account, edit);
    if (refusal) throw supportRefused(refusal);
  }

  /** The mark a change in a support session leaves on the account (issue 21): who, and when; nothing outside one. */
  private supportMark(principal: TPrincipal): Pick<AccountChanges, 'supportChangedBy' | 'supportChangedAt'> {
    const actor = supportActor(principal);
    return actor === null ? {} : { supportChangedBy: actor, supportChangedAt: this.clock.now() };
  }

  private assertAllowed(account: Account, action: TAccountAction) {
    const step = transition(account.status as TAccountStatus, action);
    if (!step.ok) throw refuse(step.refusal);
    return step;
  }

  private assertNotSelf(principal: TPrincipal, action: TOwnerAction, account: Account) {
    const refusal = selfRefusal(action, principal.account_uuid, account.uuid);
    if (refusal) throw refuse(refusal);
  }

  /** The last-owner rule (account.rules.ts); the owners are counted only when it needs them. */
  private async assertNotLastOwner(principal: TPrincipal, action: TOwnerAction, account: Account) {
    if (!needsOwnerCount(action, account)) return;
    const others = account.tenantUuid ? await this.accounts.countOtherOwners(principal.home_shard, account.tenantUuid, account.uuid, ACTIVE_STATUSES) : 0;
    const refusal = lastOwnerRefusal(action, account, others);
    if (refusal) throw refuse(refusal);
  }
}

function detail(a: Account): ApiReply<'userGet'> {
  return {
    uuid: a.uuid, email: a.email, family_name: a.familyName, given_name: a.givenName, authority: a.authority as 'owner' | 'admin' | 'user' | null,
    products: a.products, status: a.status, pending_email: a.pendingEmail, language: a.language as TLanguage,
    support_created_by: a.supportCreatedBy, support_changed_by: a.supportChangedBy, support_changed_at: a.supportChangedAt?.toISOString() ?? null,
  };
}

/** The support actor of a support session (its name as the session shows it), else null. */
function supportActor(principal: TPrincipal): string | null {
  return principal.proxy ? principal.actor_name ?? '' : null;
}
