import { describe, expect, it } from 'vitest';
import type { TokenFacts } from '../tokens/one-time-token.rules.js';
import { INVITATION_TTL_MS, awaitingAnswer, invitationStatus } from './invitation.rules.js';

const now = new Date('2026-11-24T12:00:00Z');
const link = (expiresInMs: number, facts: Partial<TokenFacts> = {}): TokenFacts => ({
  purpose: 'invitation', usedAt: null, revokedAt: null, expiresAt: new Date(now.getTime() + expiresInMs), ...facts,
});

describe('invitation expiry', () => {
  it('lasts 24 hours', () => {
    expect(INVITATION_TTL_MS).toBe(24 * 3600_000);
  });

  it('keeps an account with an unused, unexpired invitation invited', () => {
    expect(invitationStatus('invited', [link(1)], now)).toBe('invited');
    expect(invitationStatus('invited', [link(-1), link(INVITATION_TTL_MS)], now)).toBe('invited');
  });

  it('expires an invited account whose links are all expired, replaced or missing', () => {
    expect(invitationStatus('invited', [link(0)], now)).toBe('expired');
    expect(invitationStatus('invited', [link(-1)], now)).toBe('expired');
    expect(invitationStatus('invited', [link(1000, { revokedAt: now })], now)).toBe('expired');
    expect(invitationStatus('invited', [], now)).toBe('expired');
  });

  it('leaves other statuses alone (an accepted invitation is no longer an invitation)', () => {
    expect(invitationStatus('active', [link(-1)], now)).toBe('active');
    expect(invitationStatus('expired', [link(-1)], now)).toBe('expired');
    expect(invitationStatus('inactive', [], now)).toBe('inactive');
  });

  it('opens only for invitations that are not answered', () => {
    expect(['invited', 'expired', 'active', 'inactive', 'modifymail'].filter(awaitingAnswer)).toEqual(['invited', 'expired']);
  });
});
