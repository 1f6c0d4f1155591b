import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestWords, Sha256Search } from './sha256';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('Sha256Search', () => {
  it('hashes prefix + n as node:crypto does, for prefixes across the block boundaries', () => {
    // 0–130 bytes: one block, two blocks (tail + digits past 55 bytes), whole blocks hashed once.
    for (let length = 0; length <= 130; length += 1) {
      const prefix = 'ab€d'.repeat(40).slice(0, length);
      const search = new Sha256Search(prefix, '0'.repeat(64));
      for (const n of [0, 7, 99_999, 1_000_000, 4_294_967_295])
        expect(search.hexOf(n)).toBe(sha256(`${prefix}${n}`));
    }
  });

  it('finds the number with the target digest, taking every step-th number from start', () => {
    const salt = 'salt-of-ten?expires=1900000000';
    const search = new Sha256Search(salt, sha256(`${salt}4242`));
    expect(search.find(0, 1, 5000)).toBe(4242);
    expect(search.find(2, 4, 2000)).toBe(4242); // 2 + 1060 × 4
    expect(search.find(1, 4, 2000)).toBe(-1); // 4242 is not 1 mod 4
    expect(search.find(0, 1, 4242)).toBe(-1); // 0–4241 only
  });

  it('refuses a target that is not a SHA-256 digest', () => {
    expect(digestWords('xyz')).toBeNull();
    expect(() => new Sha256Search('salt', 'ab'.repeat(48))).toThrow('not a SHA-256 digest');
  });
});
