import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { captchaChallengeSchema, captchaPayloadSchema } from './captcha.js';

const issuesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('captchaPayloadSchema', () => {
  it('accepts base64 up to 4,000 characters', () => {
    expect(captchaPayloadSchema.parse('eyJudW1iZXIiOjQyfQ==')).toBe('eyJudW1iZXIiOjQyfQ==');
    expect(captchaPayloadSchema.safeParse('A'.repeat(4000)).success).toBe(true);
  });
  it.each([undefined, null, '', 'not base64!', 'abc=def', 42])('refuses %s as not solved', (payload) => {
    expect(issuesOf(captchaPayloadSchema, payload)).toEqual([": Prove you're not a robot"]);
  });
  it('refuses an over-long payload with its own message', () => {
    expect(issuesOf(captchaPayloadSchema, 'A'.repeat(4001))).toEqual([': The captcha payload is too long']);
  });
});

describe('captchaChallengeSchema', () => {
  const challenge = {
    algorithm: 'SHA-256',
    challenge: 'a'.repeat(64), // a SHA-256 hex digest
    salt: '0123456789?expires=1772719629',
    signature: 'f'.repeat(64),
    maxnumber: 1_000_000,
  };

  it('accepts a server challenge, with or without maxnumber, and keeps extra keys', () => {
    expect(captchaChallengeSchema.parse(challenge)).toEqual(challenge);
    const { maxnumber: _, ...withoutMax } = challenge;
    expect(captchaChallengeSchema.parse(withoutMax)).toEqual(withoutMax);
    expect(captchaChallengeSchema.parse({ ...challenge, extra: 1 })).toEqual({ ...challenge, extra: 1 });
    for (const algorithm of ['SHA-384', 'SHA-512']) {
      expect(captchaChallengeSchema.safeParse({ ...challenge, algorithm }).success).toBe(true);
    }
  });

  it('names each bad field', () => {
    const bad = { algorithm: 'MD5', challenge: 'a'.repeat(39), salt: 'short', signature: '', maxnumber: 0 };
    expect(issuesOf(captchaChallengeSchema, bad)).toEqual([
      'algorithm: The captcha algorithm must be SHA-256, SHA-384 or SHA-512',
      'challenge: The captcha challenge must be 40 to 1000 characters',
      'salt: The captcha salt must be 10 to 1000 characters',
      'signature: The captcha signature must be 1 to 1000 characters',
      'maxnumber: The captcha max number must be a positive integer',
    ]);
    expect(issuesOf(captchaChallengeSchema, { ...challenge, maxnumber: 1.5 })).toEqual([
      'maxnumber: The captcha max number must be a positive integer',
    ]);
  });
});
