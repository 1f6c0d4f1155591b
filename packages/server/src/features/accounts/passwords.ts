import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the OWASP minimum: 19 MiB, 2 passes, 1 lane; ~35 ms a verify here) with the
 * server-side pepper as argon2's secret input: a stolen database alone cannot be brute-forced.
 * The algorithm is the literal 2 because the package declares `Algorithm` as a const enum,
 * which isolated modules cannot read.
 */
const ARGON2ID = 2;
const COST = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class Passwords {
  private readonly secret: Buffer;
  private readonly dummy: Promise<string>;

  constructor(pepper: string) {
    this.secret = Buffer.from(pepper, 'utf8');
    // Made now, not at the first unknown nickname, which would otherwise take twice as long.
    this.dummy = this.hash(randomBytes(24).toString('base64url'));
  }

  /** A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) with a fresh random salt. */
  hash(password: string): Promise<string> {
    return hash(password, { ...COST, secret: this.secret });
  }

  /**
   * Checks a password against a stored hash; a missing hash (unknown user, or no password yet) is
   * checked against a dummy hash of the same cost, so every answer costs the same time.
   */
  async verify(stored: string | null, password: string): Promise<boolean> {
    const target = stored ?? (await this.dummy);
    try {
      const matches = await verify(target, password, { secret: this.secret });
      return stored !== null && matches;
    } catch {
      // A malformed stored hash counts as a mismatch, never as an error that tells more.
      return false;
    }
  }
}
