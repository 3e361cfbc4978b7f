import { describe, expect, it } from 'vitest';
import { ACCOUNT_ACTIONS } from '@portal/proto';
import {
  SUPPORT_EMAIL_REFUSAL, SUPPORT_OWNER_REFUSAL, SUPPORT_SECURITY_REFUSAL, SUPPORT_USER_LEVEL_REFUSAL,
  editChangesEmail, supportActionRefusal, supportInviteRefusal, supportSecurityRefusal,
} from './support-session.rules.js';
import { rowActions } from './account.rules.js';

const support = { proxy: true };
const own = { proxy: false };
const user = { authority: 'user', email: 'user@example.com', pendingEmail: null };

describe('support sessions cannot seize a client', () => {
  it('creates no owner, by screen or CSV', () => {
    expect(supportInviteRefusal(support, ['user', 'owner'])).toBe(SUPPORT_OWNER_REFUSAL);
    expect(supportInviteRefusal(own, ['owner'])).toBeNull();
  });

  it('touches no owner\'s account, whatever the action', () => {
    for (const action of ACCOUNT_ACTIONS) {
      expect(supportActionRefusal(support, action, { authority: 'owner' })).toBe(SUPPORT_OWNER_REFUSAL);
      expect(supportActionRefusal(own, action, { authority: 'owner' })).toBeNull();
    }
  });

  it('removes no owner authority and grants none', () => {
    // Demoting an owner is an edit of an owner's account.
    expect(supportActionRefusal(support, 'edit', { authority: 'owner' }, { authority: 'admin' })).toBe(SUPPORT_OWNER_REFUSAL);
    expect(supportActionRefusal(support, 'edit', { authority: 'user' }, { authority: 'owner' })).toBe(SUPPORT_OWNER_REFUSAL);
    expect(supportActionRefusal(own, 'edit', { authority: 'admin' }, { authority: 'owner' })).toBeNull();
  });
});

describe('support sessions work at the user level (issue 21, item 1)', () => {
  it('invites users only: no admin, by screen or CSV', () => {
    expect(supportInviteRefusal(support, ['user', 'admin'])).toBe(SUPPORT_USER_LEVEL_REFUSAL);
    expect(supportInviteRefusal(support, ['admin'])).toBe(SUPPORT_USER_LEVEL_REFUSAL);
    expect(supportInviteRefusal(support, ['user', 'user'])).toBeNull();
    expect(supportInviteRefusal(own, ['admin', 'owner'])).toBeNull();
  });

  it('leaves an admin\'s account alone, whatever the action', () => {
    for (const action of ACCOUNT_ACTIONS) {
      expect(supportActionRefusal(support, action, { authority: 'admin' })).toBe(SUPPORT_USER_LEVEL_REFUSAL);
      expect(supportActionRefusal(own, action, { authority: 'admin' })).toBeNull();
    }
  });

  it('gives no other authority to a user', () => {
    expect(supportActionRefusal(support, 'edit', user, { authority: 'admin', email: user.email })).toBe(SUPPORT_USER_LEVEL_REFUSAL);
    expect(supportActionRefusal(own, 'edit', user, { authority: 'admin', email: user.email })).toBeNull();
  });

  it('changes no account\'s email: neither a new address nor the cancelling of a pending change', () => {
    expect(supportActionRefusal(support, 'edit', user, { authority: 'user', email: 'partner-inbox@example.com' })).toBe(SUPPORT_EMAIL_REFUSAL);
    // Case and spaces are not a change.
    expect(supportActionRefusal(support, 'edit', user, { authority: 'user', email: ' User@Example.com ' })).toBeNull();
    const pending = { ...user, pendingEmail: 'next@example.com' };
    expect(supportActionRefusal(support, 'edit', pending, { authority: 'user', email: 'user@example.com' })).toBe(SUPPORT_EMAIL_REFUSAL);
    expect(supportActionRefusal(support, 'edit', pending, { authority: 'user', email: 'next@example.com' })).toBeNull();
    expect(supportActionRefusal(own, 'edit', user, { authority: 'user', email: 'partner-inbox@example.com' })).toBeNull();
  });

  it('tells an email change from a save of the shown address', () => {
    expect(editChangesEmail({ email: 'a@example.com', pendingEmail: null }, 'a@example.com')).toBe(false);
    expect(editChangesEmail({ email: 'a@example.com', pendingEmail: null }, 'b@example.com')).toBe(true);
    expect(editChangesEmail({ email: 'a@example.com', pendingEmail: 'b@example.com' }, 'b@example.com')).toBe(false);
    expect(editChangesEmail({ email: 'a@example.com', pendingEmail: 'b@example.com' }, 'a@example.com')).toBe(true);
  });

  it('still does the user-level work: name and products, suspend, resume, delete, reinvite', () => {
    for (const action of ACCOUNT_ACTIONS) expect(supportActionRefusal(support, action, user)).toBeNull();
    expect(supportActionRefusal(support, 'edit', user, { authority: 'user', email: user.email })).toBeNull();
    expect(supportActionRefusal(support, 'delete', { authority: null })).toBeNull();
  });

  it('changes no password, email address or security setting', () => {
    expect(supportSecurityRefusal(support)).toBe(SUPPORT_SECURITY_REFUSAL);
    expect(supportSecurityRefusal(own)).toBeNull();
  });

  it('offers no action on an admin\'s or owner\'s row in the user list', () => {
    const row = (authority: string) => ({ uuid: authority, status: 'active' as const, authority, products: [] });
    const caller = { accountUuid: 'partner', activeOwners: 2, proxy: true };
    expect(rowActions(row('owner'), caller)).toEqual([]);
    expect(rowActions(row('admin'), caller)).toEqual([]);
    expect([...rowActions(row('user'), caller)].sort()).toEqual(['ban', 'delete', 'edit']);
    expect([...rowActions(row('admin'), { ...caller, proxy: false })].sort()).toEqual(['ban', 'delete', 'edit']);
  });
});
