import { Inject, Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;
import { IDENTITY_CONFIG, type TIdentityConfig } from '../identity.config.js';

/** argon2id with OWASP parameters (DESIGN §4). Passwords are never logged or returned. */
@Injectable()
export class PasswordHasher {
  private readonly options;
  private dummy?: Promise<string>;

  constructor(@Inject(IDENTITY_CONFIG) config: TIdentityConfig) {
    this.options = { algorithm: ARGON2ID, memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: config.ARGON2_PARALLELISM };
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(stored: string | null, password: string): Promise<boolean> {
    if (!stored) {
      // An account without a password (or no account) costs as much as one with: no timing oracle.
      await this.burn(password);
      return false;
    }
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /** Spends one verification's worth of time (unknown email). */
  async burn(password: string): Promise<void> {
    this.dummy ??= this.hash('portal-dummy-password-for-timing');
    await verify(await this.dummy, password).catch(() => false);
  }
}
