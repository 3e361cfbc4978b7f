import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import type { Prisma } from '../generated/prisma/client.js';
import type { OneTimeToken, Tx, TxOrShard } from '../db.js';
import { hashToken, safeEqual, shardToken } from '../passwords/tokens.js';
import { OneTimeTokenRepository } from './one-time-token.repository.js';
import { tokenExpiresAt, tokenState, type TTokenPurpose, type TTokenState } from './one-time-token.rules.js';

export interface IssueToken {
  purpose: TTokenPurpose;
  accountUuid?: string | null;
  payload?: Prisma.InputJsonObject;
  /**
   * The secret the holder presents: by default a new `<shard>.<random>` link token (its shard tells
   * where to look it up); the SSO jti, or `<account>:<code>` for a mailed code.
   */
  secret?: string;
  /** Open tokens of the account with these purposes stop working: this one replaces them. */
  replaces?: readonly TTokenPurpose[];
}

/** A token as looked up or consumed: its state, and the row when there is one. */
export type TokenLookup = { state: 'live'; token: OneTimeToken } | { state: Exclude<TTokenState, 'live'>; token: OneTimeToken | null };

/** A mailed code checked against the account's open one. */
export type CodeCheck = { outcome: 'match'; token: OneTimeToken } | { outcome: 'wrong'; closed: boolean } | { outcome: 'none'; state: TTokenState };

/**
 * Single-use tokens, the one place their lifecycle is written (rules in one-time-token.rules.ts):
 * issue (replacing the account's earlier ones), look up, consume exactly once, revoke, and answer
 * "used", "replaced" and "expired" apart from "unknown". Invitations, password reset, email change
 * (link and profile code), sign-up links, support login and product SSO all go through it.
 * Only the secret's hash is stored.
 */
@Injectable()
export class OneTimeTokenService {
  constructor(
    @Inject(OneTimeTokenRepository) private readonly tokens: OneTimeTokenRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Issues a token (in the caller's unit of work, or alone); returns the secret to mail or hand over. */
  async issue(on: TxOrShard, shard: TShard, spec: IssueToken): Promise<{ token: string; expiresAt: Date }> {
    const now = this.clock.now();
    const token = spec.secret ?? shardToken(shard);
    if (spec.replaces?.length && spec.accountUuid) await this.tokens.revokeOpen(on, spec.accountUuid, spec.replaces, now);
    const expiresAt = tokenExpiresAt(spec.purpose, now);
    await this.tokens.insert(on, { tokenHash: hashToken(token), purpose: spec.purpose, accountUuid: spec.accountUuid ?? null, payload: spec.payload ?? {}, expiresAt });
    return { token, expiresAt };
  }

  /** What a presented token is now, without using it. `shard` undefined (a malformed link): unknown. */
  async inspect(shard: TShard | undefined, token: string, purpose: TTokenPurpose): Promise<TokenLookup> {
    if (!shard) return { state: 'unknown', token: null };
    return this.lookup(await this.tokens.find(shard, hashToken(token)), purpose);
  }

  /**
   * Uses a token once (atomically: of two concurrent consumes exactly one is `live`). Inside a
   * unit of work the use rolls back with it. A token that cannot be used says why.
   */
  async consume(on: TxOrShard, token: string, purpose: TTokenPurpose): Promise<TokenLookup> {
    const hash = hashToken(token);
    const consumed = await this.tokens.consume(on, hash, purpose, this.clock.now());
    if (consumed) return { state: 'live', token: consumed };
    const lookup = this.lookup(await this.tokens.find(on, hash), purpose);
    // Live a moment ago but not consumable now: a concurrent consume won.
    return lookup.state === 'live' ? { state: 'used', token: lookup.token } : lookup;
  }

  /** Closes the account's open tokens of these purposes (the pending change they belong to is cancelled). */
  async revoke(tx: Tx, accountUuid: string, purposes: readonly TTokenPurpose[]): Promise<void> {
    await this.tokens.revokeOpen(tx, accountUuid, purposes, this.clock.now());
  }

  async hasLive(on: TxOrShard, accountUuid: string, purpose: TTokenPurpose): Promise<boolean> {
    return (await this.tokens.countLive(on, accountUuid, purpose, this.clock.now())) > 0;
  }

  /**
   * Checks a mailed code against the account's newest open code of the purpose, without using it.
   * A wrong code counts as an attempt; at `maxAttempts` the code closes.
   */
  async checkCode(shard: TShard, accountUuid: string, purpose: TTokenPurpose, secret: string, maxAttempts: number): Promise<CodeCheck> {
    const open = await this.tokens.latestOpen(shard, accountUuid, purpose);
    const lookup = this.lookup(open, purpose);
    if (lookup.state !== 'live') return { outcome: 'none', state: lookup.state };
    if (!safeEqual(lookup.token.tokenHash, hashToken(secret))) {
      const attempts = await this.tokens.countAttempt(shard, lookup.token.tokenHash, maxAttempts, this.clock.now());
      return { outcome: 'wrong', closed: attempts >= maxAttempts };
    }
    return { outcome: 'match', token: lookup.token };
  }

  /** The tokens of a deleted account go with it. */
  async forgetAccount(tx: Tx, accountUuid: string): Promise<void> {
    await this.tokens.deleteForAccount(tx, accountUuid);
  }

  private lookup(row: OneTimeToken | null, purpose: TTokenPurpose): TokenLookup {
    const state = tokenState(row, purpose, this.clock.now());
    return state === 'live' ? { state, token: row! } : { state, token: state === 'unknown' ? null : row };
  }
}
