import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

const key = () => randomBytes(32).toString('base64url');
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: number }).code;
  }
  return undefined;
};

describe('SecretBox', () => {
  it('opens what it sealed, for any text and context', () => {
    const box = new SecretBox(key());
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, context) => {
        expect(box.open(box.seal(text, context), context)).toBe(text);
      }),
    );
  });

  it('never stores the plaintext and uses a fresh IV each time', () => {
    const box = new SecretBox(key());
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const a = box.seal(secret, 'user-1');
    const b = box.seal(secret, 'user-1');
    expect(a).not.toContain(secret);
    expect(a).not.toBe(b);
    expect(a.split('.')).toHaveLength(4);
  });

  it('refuses another key, another context, a tampered value or a broken format (4753)', () => {
    const box = new SecretBox(key());
    const sealed = box.seal('secret value', 'user-1');
    expect(codeOf(() => new SecretBox(key()).open(sealed, 'user-1'))).toBe(4753);
    expect(codeOf(() => box.open(sealed, 'user-2'))).toBe(4753);
    const [version, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      codeOf(() => box.open([version, iv, flipped.toString('base64url'), tag].join('.'), 'user-1')),
    ).toBe(4753);
    expect(codeOf(() => box.open('v2.a.b.c', 'user-1'))).toBe(4753);
    expect(codeOf(() => box.open(`${sealed}.extra`, 'user-1'))).toBe(4753);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(codeOf(() => new SecretBox(randomBytes(16).toString('base64url')))).toBe(4753);
  });
});
