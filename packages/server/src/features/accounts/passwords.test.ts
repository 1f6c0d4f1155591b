import { describe, expect, it } from 'vitest';
import { Passwords } from './passwords.js';

const PEPPER = 'pepper-0123456789-0123456789-0123456789-0123';

describe('Passwords', () => {
  it('hashes with argon2id and the OWASP cost, and verifies only the right password', async () => {
    const passwords = new Passwords(PEPPER);
    const stored = await passwords.hash('Correct-h0rse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('Correct-h0rse');
    expect(await passwords.verify(stored, 'Correct-h0rse')).toBe(true);
    expect(await passwords.verify(stored, 'Correct-h0rsE')).toBe(false);
  });

  it('mixes in the pepper: the same hash fails under another pepper', async () => {
    const stored = await new Passwords(PEPPER).hash('Correct-h0rse');
    expect(await new Passwords(`${PEPPER}x`).verify(stored, 'Correct-h0rse')).toBe(false);
  });

  it('answers false, never throws, for a missing or malformed stored hash', async () => {
    const passwords = new Passwords(PEPPER);
    expect(await passwords.verify(null, 'Correct-h0rse')).toBe(false);
    expect(await passwords.verify('not a hash', 'Correct-h0rse')).toBe(false);
  });
});
