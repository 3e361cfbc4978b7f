import type { TAccountAction, TAccountStatus } from '@portal/proto';
import { supportActionRefusal } from './support-session.rules.js';

/**
 * Rules about a company's accounts, without a database (spec §4 account status, §6): which
 * actions each status allows and where they lead, the last-owner rule, and the protection of the
 * contracted marketing-automation product's accounts.
 */

/** Accounts that may log in, and that count as a company's active people (a pending email change keeps an account active). */
export const ACTIVE_STATUSES = ['active', 'modifymail'] as const satisfies readonly TAccountStatus[];
/**
 * Accounts that accepted their invitation, and so exist on the products' side. An invitation
 * (invited, expired) has chosen nothing yet: it is reinvited or deleted, not edited or banned.
 */
export const ACCEPTED_STATUSES = ['active', 'inactive', 'modifymail'] as const satisfies readonly TAccountStatus[];

const includes = (list: readonly string[], status: string) => list.includes(status);
export const canLogIn = (status: string): boolean => includes(ACTIVE_STATUSES, status);

/** What an owner may do to an account in each status. */
const ALLOWED: Record<TAccountStatus, readonly TAccountAction[]> = {
  invited: ['delete', 'reinvite'],
  expired: ['delete', 'reinvite'],
  active: ['ban', 'delete', 'edit'],
  modifymail: ['ban', 'delete', 'edit'],
  inactive: ['resume', 'delete', 'edit'],
};
const REFUSAL: Record<TAccountAction, string> = {
  ban: 'account.not_editable', resume: 'account.not_editable', delete: 'account.not_editable', reinvite: 'account.not_invitable', edit: 'account.not_editable',
};

export function allowedActions(status: TAccountStatus): readonly TAccountAction[] {
  return ALLOWED[status];
}

export type TTransition = { ok: true; next: TAccountStatus; changed: boolean } | { ok: false; refusal: string };

/**
 * Where an action takes an account. Banning a banned account or resuming an active one changes
 * nothing (and is not refused). Resuming returns to modifymail while an email-change link is
 * still live, else to active. Delete and edit keep the status (edit's email change is
 * `statusOnEmailChangeRequested`).
 */
export function transition(status: TAccountStatus, action: TAccountAction, context: { pendingEmailLink?: boolean } = {}): TTransition {
  if (action === 'ban' && status === 'inactive') return { ok: true, next: status, changed: false };
  if (action === 'resume' && includes(ACTIVE_STATUSES, status)) return { ok: true, next: status, changed: false };
  if (!ALLOWED[status].includes(action)) return { ok: false, refusal: REFUSAL[action] };
  switch (action) {
    case 'ban': return { ok: true, next: 'inactive', changed: true };
    case 'resume': return { ok: true, next: context.pendingEmailLink ? 'modifymail' : 'active', changed: true };
    case 'reinvite': return { ok: true, next: 'invited', changed: status !== 'invited' };
    case 'delete': case 'edit': return { ok: true, next: status, changed: false };
    default: return action satisfies never;
  }
}

/** An owner's edit of the address: an active account waits for the mailed link (modifymail); an inactive one stays banned. */
export function statusOnEmailChangeRequested(status: TAccountStatus): TAccountStatus {
  return status === 'active' ? 'modifymail' : status;
}
/** The change applied or cancelled, or replaced by a profile code: a modifymail account is active again. */
export function statusOnEmailChangeSettled(status: TAccountStatus): TAccountStatus {
  return status === 'modifymail' ? 'active' : status;
}

export type TOwnerAction = 'ban' | 'resume' | 'delete' | 'demote';

/**
 * The own-row rule: nobody bans, resumes or deletes their own account (demoting oneself is the
 * last-owner rule's business). Services check it first, and the last-owner rule after the others.
 */
export function selfRefusal(action: TOwnerAction, actorUuid: string, targetUuid: string): 'account.self' | null {
  return action !== 'demote' && targetUuid === actorUuid ? 'account.self' : null;
}

/**
 * The last active owner of a company cannot be banned, deleted or demoted. `otherActiveOwners`
 * counts the company's active owners besides the target (only needed when the target is an owner:
 * `needsOwnerCount`).
 */
export function lastOwnerRefusal(action: TOwnerAction, target: { authority: string | null }, otherActiveOwners: number): 'account.last_owner' | null {
  return needsOwnerCount(action, target) && otherActiveOwners === 0 ? 'account.last_owner' : null;
}
export const needsOwnerCount = (action: TOwnerAction, target: { authority: string | null }) => action !== 'resume' && target.authority === 'owner';

/** Accounts of the contracted marketing-automation product are protected from the client (spec §6). */
export const PROTECTED_PRODUCT = 'bownow';
/**
 * The protection applies to accounts that exist on the product's side (accepted). An invitation
 * sent with the product by mistake can still be deleted (docs/decisions.md).
 */
export function productProtected(account: { products: readonly string[]; status: string }): boolean {
  return account.products.includes(PROTECTED_PRODUCT) && includes(ACCEPTED_STATUSES, account.status);
}
/** An edit may not take the protected product away from an account that has it. */
export function removesProtectedProduct(before: readonly string[], after: readonly string[]): boolean {
  return before.includes(PROTECTED_PRODUCT) && !after.includes(PROTECTED_PRODUCT);
}

/** One account as the row rule sees it. */
export interface TRowAccount { uuid: string; status: TAccountStatus; authority: string | null; products: readonly string[] }

/**
 * What the caller may do to one account now, by the same rules the actions check (the user list
 * answers it per row, so the SPA offers nothing the server would refuse): the status's actions,
 * less ban, resume and delete on the caller's own account (selfRefusal), on an account of the
 * protected product (productProtected), and ban and delete on the last active owner
 * (lastOwnerRefusal), and in a support session nothing on an owner's account (supportActionRefusal).
 * `activeOwners` counts the company's active owners, the target included.
 */
export function rowActions(account: TRowAccount, caller: { accountUuid: string; activeOwners: number; proxy?: boolean }): TAccountAction[] {
  const activeOwner = account.authority === 'owner' && canLogIn(account.status);
  const otherActiveOwners = caller.activeOwners - (activeOwner ? 1 : 0);
  return ALLOWED[account.status].filter((action) => {
    if (supportActionRefusal({ proxy: caller.proxy ?? false }, action, account)) return false;
    if (action === 'edit' || action === 'reinvite') return true;
    if (selfRefusal(action, caller.accountUuid, account.uuid)) return false;
    if (productProtected(account)) return false;
    return lastOwnerRefusal(action, account, otherActiveOwners) === null;
  });
}

/**
 * Products an owner may not give (spec §3: an account's products are the company's): those of
 * `requested` the company does not hold, unless the account already has them (`kept`: given
 * before the company's products were recorded, so saving the account does not fail on them).
 */
export function productsNotHeld(requested: readonly string[], held: readonly string[], kept: readonly string[] = []): string[] {
  return [...new Set(requested)].filter((p) => !held.includes(p) && !kept.includes(p));
}
