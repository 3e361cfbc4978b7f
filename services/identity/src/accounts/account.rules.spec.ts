import { describe, expect, it } from 'vitest';
import { ACCOUNT_ACTIONS, ACCOUNT_STATUSES, type TAccountStatus } from '@portal/proto';
import {
  allowedActions, canLogIn, lastOwnerRefusal, needsOwnerCount, productProtected, productsNotHeld, removesProtectedProduct, rowActions, selfRefusal,
  statusOnEmailChangeRequested, statusOnEmailChangeSettled, transition,
} from './account.rules.js';

describe('account status transitions', () => {
  it('allows each status its actions', () => {
    expect(allowedActions('invited')).toEqual(['delete', 'reinvite']);
    expect(allowedActions('expired')).toEqual(['delete', 'reinvite']);
    expect(allowedActions('active')).toEqual(['ban', 'delete', 'edit']);
    expect(allowedActions('modifymail')).toEqual(['ban', 'delete', 'edit']);
    expect(allowedActions('inactive')).toEqual(['resume', 'delete', 'edit']);
  });

  it('bans active and modifymail accounts; a banned one stays banned without a change', () => {
    expect(transition('active', 'ban')).toEqual({ ok: true, next: 'inactive', changed: true });
    expect(transition('modifymail', 'ban')).toEqual({ ok: true, next: 'inactive', changed: true });
    expect(transition('inactive', 'ban')).toEqual({ ok: true, next: 'inactive', changed: false });
  });

  it('resumes to modifymail while an email-change link is live, else to active', () => {
    expect(transition('inactive', 'resume')).toEqual({ ok: true, next: 'active', changed: true });
    expect(transition('inactive', 'resume', { pendingEmailLink: true })).toEqual({ ok: true, next: 'modifymail', changed: true });
    expect(transition('active', 'resume')).toEqual({ ok: true, next: 'active', changed: false });
    expect(transition('modifymail', 'resume')).toEqual({ ok: true, next: 'modifymail', changed: false });
  });

  it('neither bans, resumes nor edits an invitation; reinvites only invitations', () => {
    for (const status of ['invited', 'expired'] as const) {
      expect(transition(status, 'ban')).toEqual({ ok: false, refusal: 'account.not_editable' });
      expect(transition(status, 'resume')).toEqual({ ok: false, refusal: 'account.not_editable' });
      expect(transition(status, 'edit')).toEqual({ ok: false, refusal: 'account.not_editable' });
      expect(transition(status, 'reinvite')).toMatchObject({ ok: true, next: 'invited' });
    }
    for (const status of ['active', 'inactive', 'modifymail'] as const) {
      expect(transition(status, 'reinvite')).toEqual({ ok: false, refusal: 'account.not_invitable' });
      expect(transition(status, 'edit')).toEqual({ ok: true, next: status, changed: false });
    }
  });

  it('deletes from every status, and every allowed action is a transition', () => {
    for (const status of ACCOUNT_STATUSES) {
      expect(transition(status, 'delete')).toMatchObject({ ok: true, next: status });
      for (const action of ACCOUNT_ACTIONS) expect(transition(status, action).ok || !allowedActions(status).includes(action)).toBe(true);
    }
  });

  it('moves through an email change: active waits in modifymail, a banned account stays banned', () => {
    expect(statusOnEmailChangeRequested('active')).toBe('modifymail');
    expect(statusOnEmailChangeRequested('inactive')).toBe('inactive');
    expect(statusOnEmailChangeRequested('modifymail')).toBe('modifymail');
    expect(statusOnEmailChangeSettled('modifymail')).toBe('active');
    expect(statusOnEmailChangeSettled('inactive')).toBe('inactive');
    expect(statusOnEmailChangeSettled('active')).toBe('active');
  });

  it('lets active and modifymail accounts log in, no other', () => {
    expect(ACCOUNT_STATUSES.filter((s: TAccountStatus) => canLogIn(s))).toEqual(['active', 'modifymail']);
  });
});

describe('the last owner and one\'s own row', () => {
  const actor = 'owner-1';
  const owner = { authority: 'owner' };
  const user = { authority: 'user' };

  it('refuses banning, resuming or deleting oneself, not demoting oneself', () => {
    for (const action of ['ban', 'resume', 'delete'] as const) expect(selfRefusal(action, actor, actor)).toBe('account.self');
    expect(selfRefusal('demote', actor, actor)).toBeNull();
    expect(selfRefusal('ban', actor, 'owner-2')).toBeNull();
  });

  it('refuses banning, deleting or demoting the last active owner (oneself included), not resuming one', () => {
    for (const action of ['ban', 'delete', 'demote'] as const) {
      expect(lastOwnerRefusal(action, owner, 0)).toBe('account.last_owner');
      expect(lastOwnerRefusal(action, owner, 1)).toBeNull();
    }
    expect(lastOwnerRefusal('resume', owner, 0)).toBeNull();
  });

  it('never counts owners for other accounts', () => {
    expect(lastOwnerRefusal('delete', user, 0)).toBeNull();
    expect(needsOwnerCount('delete', user)).toBe(false);
    expect(needsOwnerCount('delete', owner)).toBe(true);
    expect(needsOwnerCount('resume', owner)).toBe(false);
  });
});

describe('marketing-automation protection', () => {
  it('protects accounts that accepted their invitation, not invitations', () => {
    expect(productProtected({ products: ['bownow'], status: 'active' })).toBe(true);
    expect(productProtected({ products: ['bownow'], status: 'inactive' })).toBe(true);
    expect(productProtected({ products: ['bownow'], status: 'modifymail' })).toBe(true);
    expect(productProtected({ products: ['bownow'], status: 'invited' })).toBe(false);
    expect(productProtected({ products: ['bownow'], status: 'expired' })).toBe(false);
    expect(productProtected({ products: ['actibook'], status: 'active' })).toBe(false);
  });

  it('refuses an edit that takes the product away', () => {
    expect(removesProtectedProduct(['bownow', 'actibook'], ['actibook'])).toBe(true);
    expect(removesProtectedProduct(['bownow'], ['bownow', 'actibook'])).toBe(false);
    expect(removesProtectedProduct(['actibook'], [])).toBe(false);
  });
});

describe('the actions a row offers', () => {
  const me = 'owner-1';
  const row = (over: Partial<Parameters<typeof rowActions>[0]> = {}) => ({ uuid: 'acc-2', status: 'active' as TAccountStatus, authority: 'user', products: [], ...over });

  it('offers each status its actions on someone else\'s account', () => {
    for (const status of ACCOUNT_STATUSES) {
      expect(rowActions(row({ status }), { accountUuid: me, activeOwners: 1 }).sort()).toEqual([...allowedActions(status)].sort());
    }
  });

  it('offers no ban, resume or delete on the caller\'s own row, only edit', () => {
    expect(rowActions(row({ uuid: me, authority: 'owner' }), { accountUuid: me, activeOwners: 2 })).toEqual(['edit']);
    expect(rowActions(row({ uuid: me, authority: 'owner', status: 'modifymail' }), { accountUuid: me, activeOwners: 1 })).toEqual(['edit']);
  });

  it('offers no ban or delete on the last active owner, and both when another owner is active', () => {
    const owner = row({ authority: 'owner' });
    // A support login (the caller is not an account of the company) sees the only owner.
    expect(rowActions(owner, { accountUuid: 'partner-1', activeOwners: 1 })).toEqual(['edit']);
    expect(rowActions(owner, { accountUuid: me, activeOwners: 2 }).sort()).toEqual(['ban', 'delete', 'edit']);
    // A suspended owner is not counted as active: deleting it leaves the active ones.
    expect(rowActions(row({ authority: 'owner', status: 'inactive' }), { accountUuid: me, activeOwners: 1 }).sort()).toEqual(['delete', 'edit', 'resume']);
  });

  it('offers no ban, resume or delete on an account of the protected product, but reinvite and delete on its invitation', () => {
    expect(rowActions(row({ products: ['bownow'] }), { accountUuid: me, activeOwners: 1 })).toEqual(['edit']);
    expect(rowActions(row({ products: ['bownow'], status: 'inactive' }), { accountUuid: me, activeOwners: 1 })).toEqual(['edit']);
    expect(rowActions(row({ products: ['bownow'], status: 'invited' }), { accountUuid: me, activeOwners: 1 }).sort()).toEqual(['delete', 'reinvite']);
  });

  it('offers a support session nothing on an owner\'s account, and the usual actions on the others', () => {
    const support = { accountUuid: 'partner-1', activeOwners: 3, proxy: true };
    for (const status of ACCOUNT_STATUSES) {
      expect(rowActions(row({ status, authority: 'owner' }), support)).toEqual([]);
      expect(rowActions(row({ status }), support).sort()).toEqual([...allowedActions(status)].sort());
    }
  });
});

describe('products the company holds', () => {
  const held = ['bownow', 'actibook'];
  it('refuses a product the company does not hold, once', () => {
    expect(productsNotHeld(['actibook', 'cocoar', 'cocoar'], held)).toEqual(['cocoar']);
    expect(productsNotHeld(['bownow', 'actibook'], held)).toEqual([]);
    expect(productsNotHeld([], [])).toEqual([]);
  });
  it('lets an account keep a product it already has', () => {
    expect(productsNotHeld(['cocoar', 'izanai'], held, ['cocoar'])).toEqual(['izanai']);
  });
});
