import { describe, expect, it } from 'vitest';
import { TOKEN_PURPOSES, TOKEN_TTL_MS, linkState, tokenExpiresAt, tokenState, type TokenFacts } from './one-time-token.rules.js';

const now = new Date('2026-11-24T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const token = (facts: Partial<TokenFacts> = {}): TokenFacts => ({ purpose: 'invitation', usedAt: null, revokedAt: null, expiresAt: later(1000), ...facts });

describe('one-time token lifecycle', () => {
  it('is live until it is used, revoked or expires', () => {
    expect(tokenState(token(), 'invitation', now)).toBe('live');
    expect(tokenState(token({ usedAt: now }), 'invitation', now)).toBe('used');
    expect(tokenState(token({ revokedAt: now }), 'invitation', now)).toBe('revoked');
    expect(tokenState(token({ expiresAt: now }), 'invitation', now)).toBe('expired');
    expect(tokenState(token({ expiresAt: later(-1) }), 'invitation', now)).toBe('expired');
  });

  it('stays "used" after its time has run out or a newer one was issued', () => {
    expect(tokenState(token({ usedAt: later(-10), expiresAt: later(-1) }), 'invitation', now)).toBe('used');
    expect(tokenState(token({ usedAt: later(-10), revokedAt: later(-5) }), 'invitation', now)).toBe('used');
    expect(tokenState(token({ revokedAt: later(-10), expiresAt: later(-1) }), 'invitation', now)).toBe('revoked');
  });

  it('is unknown when missing or of another purpose (a reset link is no invitation)', () => {
    expect(tokenState(null, 'invitation', now)).toBe('unknown');
    expect(tokenState(undefined, 'password_reset', now)).toBe('unknown');
    expect(tokenState(token({ purpose: 'password_reset' }), 'invitation', now)).toBe('unknown');
  });

  it('gives every purpose a lifetime: links 24 hours, the profile code 30 minutes, SSO and support login 60 s', () => {
    expect(Object.keys(TOKEN_TTL_MS).sort()).toEqual([...TOKEN_PURPOSES].sort());
    expect(tokenExpiresAt('invitation', now)).toEqual(later(24 * 3600_000));
    expect(tokenExpiresAt('password_reset', now)).toEqual(later(24 * 3600_000));
    expect(tokenExpiresAt('mail_update', now)).toEqual(later(24 * 3600_000));
    expect(tokenExpiresAt('signup', now)).toEqual(later(24 * 3600_000));
    expect(tokenExpiresAt('email_code', now)).toEqual(later(30 * 60_000));
    expect(tokenExpiresAt('sso', now)).toEqual(later(60_000));
    expect(tokenExpiresAt('proxy_login', now)).toEqual(later(60_000));
  });

  it('names each state as the API does', () => {
    expect(['live', 'used', 'revoked', 'expired', 'unknown'].map((s) => linkState(s as never))).toEqual(['valid', 'used', 'replaced', 'expired', 'invalid']);
  });
});
