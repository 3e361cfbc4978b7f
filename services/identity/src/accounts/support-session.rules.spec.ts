import { describe, expect, it } from 'vitest';
import { ACCOUNT_ACTIONS } from '@portal/proto';
import { SUPPORT_OWNER_REFUSAL, supportActionRefusal, supportInviteRefusal } from './support-session.rules.js';

const support = { proxy: true };
const own = { proxy: false };

describe('support sessions cannot seize a client', () => {
  it('creates no owner, by screen or CSV', () => {
    expect(supportInviteRefusal(support, ['user', 'owner'])).toBe(SUPPORT_OWNER_REFUSAL);
    expect(supportInviteRefusal(support, ['user', 'admin'])).toBeNull();
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
    expect(supportActionRefusal(support, 'edit', { authority: 'owner' }, 'admin')).toBe(SUPPORT_OWNER_REFUSAL);
    expect(supportActionRefusal(support, 'edit', { authority: 'admin' }, 'owner')).toBe(SUPPORT_OWNER_REFUSAL);
    expect(supportActionRefusal(own, 'edit', { authority: 'admin' }, 'owner')).toBeNull();
  });

  it('still does the rest of the account work', () => {
    for (const action of ACCOUNT_ACTIONS) expect(supportActionRefusal(support, action, { authority: 'user' })).toBeNull();
    expect(supportActionRefusal(support, 'edit', { authority: 'user' }, 'admin')).toBeNull();
    expect(supportActionRefusal(support, 'edit', { authority: 'admin' }, 'user')).toBeNull();
    expect(supportActionRefusal(support, 'delete', { authority: null })).toBeNull();
  });
});
