import { availableParallelism } from 'node:os';
import { Inject, Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;
import { IDENTITY_CONFIG, type TIdentityConfig } from '../identity.config.js';

/** At most `limit` tasks at once; the rest wait in order. */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes on
      else this.running--;
    }
  }
}

/**
 * argon2id with OWASP parameters (DESIGN §4). Passwords are never logged or returned. At most
 * ARGON2_CONCURRENCY hashes run at once (default: one per core), the rest queue here.
 */
@Injectable()
export class PasswordHasher {
  private readonly options;
  private readonly gate: Gate;
  private dummy?: Promise<string>;

  constructor(@Inject(IDENTITY_CONFIG) config: TIdentityConfig) {
    this.options = { algorithm: ARGON2ID, memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: config.ARGON2_PARALLELISM };
    this.gate = new Gate(config.ARGON2_CONCURRENCY || availableParallelism());
  }

  hash(password: string): Promise<string> {
    return this.gate.run(() => hash(password, this.options));
  }

  async verify(stored: string | null, password: string): Promise<boolean> {
    if (!stored) {
      // An account without a password (or no account) costs as much as one with: no timing oracle.
      await this.burn(password);
      return false;
    }
    try {
      return await this.gate.run(() => verify(stored, password));
    } catch {
      return false;
    }
  }

  /** Spends one verification's worth of time (unknown email). */
  async burn(password: string): Promise<void> {
    this.dummy ??= this.hash('portal-dummy-password-for-timing');
    const dummy = await this.dummy;
    await this.gate.run(() => verify(dummy, password)).catch(() => false);
  }
}
