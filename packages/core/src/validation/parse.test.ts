import { describe, expect, it } from 'vitest';
import { CodedError } from '../errors/coded-error.js';
import { signInBodySchema } from './auth.js';
import { parseWith } from './parse.js';

describe('parseWith with a shared schema', () => {
  it('returns the parsed value', () => {
    const body = { nickname: 'jane', password: 'Passw0rd!', otpToken: '123456', altchaPayload: 'e30=' };
    expect(parseWith(signInBodySchema, body, 'INVALID_VALUE')).toEqual(body);
  });

  it('throws the named coded error listing every bad field', () => {
    let caught: unknown;
    try {
      parseWith(signInBodySchema, { nickname: 'j', password: 'Passw0rd!', otpToken: '1' }, 'INVALID_VALUE');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CodedError);
    expect((caught as CodedError).code).toBe(1500);
    expect((caught as CodedError).detail).toBe(
      "nickname: Enter a valid nickname; otpToken: Enter a valid one-time code; altchaPayload: Prove you're not a robot",
    );
  });
});
