import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PASSWORDS_MISMATCH_MESSAGE,
  signInBodySchema,
  signInFormSchema,
  updatePasswordBodySchema,
  updatePasswordFormSchema,
} from './auth.js';
import { NEW_PASSWORD_MESSAGE } from './credentials.js';

/** `path: message` of every issue, or [] when the input passes. */
const issuesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const PAYLOAD = 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0='; // base64 of {"algorithm":"SHA-256"}

describe('sign-in', () => {
  const body = { nickname: 'jane', password: 'Passw0rd!', otpToken: '123456', altchaPayload: PAYLOAD };

  it('accepts a complete body', () => {
    expect(signInBodySchema.parse(body)).toEqual(body);
    expect(signInFormSchema.parse({ nickname: 'jane', password: 'Passw0rd!' })).toEqual({
      nickname: 'jane',
      password: 'Passw0rd!',
    });
  });

  it('names each bad field with the spec’s messages', () => {
    expect(issuesOf(signInBodySchema, { ...body, nickname: 'j', password: 'weak' })).toEqual([
      'nickname: Enter a valid nickname',
      'password: Enter a valid password',
    ]);
    expect(
      issuesOf(signInBodySchema, { nickname: 'jane', password: 'Passw0rd!', otpToken: '123456' }),
    ).toEqual(["altchaPayload: Prove you're not a robot"]);
    expect(issuesOf(signInBodySchema, { ...body, otpToken: '12345' })).toEqual([
      'otpToken: Enter a valid one-time code',
    ]);
  });

  it('refuses unknown keys in the body', () => {
    expect(issuesOf(signInBodySchema, { ...body, authority: 5 })).toEqual([
      ': Unrecognized key: "authority"',
    ]);
  });
});

describe('update-password form', () => {
  const form = { nickname: 'jane', newPassword: 'Passw0rd!', confirmNewPassword: 'Passw0rd!' };

  it('accepts matching strong passwords', () => {
    expect(updatePasswordFormSchema.parse(form)).toEqual(form);
  });

  it('reports a mismatch on the confirmation, with the typographic apostrophe', () => {
    expect(PASSWORDS_MISMATCH_MESSAGE).toBe('The passwords don\u2019t match');
    expect(issuesOf(updatePasswordFormSchema, { ...form, confirmNewPassword: 'Passw0rd?' })).toEqual([
      'confirmNewPassword: The passwords don’t match',
    ]);
  });

  it('reports every problem at once, the mismatch included', () => {
    expect(
      issuesOf(updatePasswordFormSchema, { nickname: '', newPassword: 'weak', confirmNewPassword: 'x' }),
    ).toEqual([
      'nickname: Enter a valid nickname',
      `newPassword: ${NEW_PASSWORD_MESSAGE}`,
      'confirmNewPassword: The passwords don’t match',
    ]);
  });

  it('does not report a mismatch when the confirmation is missing altogether', () => {
    expect(issuesOf(updatePasswordFormSchema, { nickname: 'jane', newPassword: 'Passw0rd!' })).toEqual([
      'confirmNewPassword: The passwords don’t match',
    ]);
  });
});

describe('update-password body', () => {
  const body = { nickname: 'jane', newPassword: 'Passw0rd!', otpToken: '654321', altchaPayload: PAYLOAD };

  it('accepts a complete body and refuses a missing captcha or OTP', () => {
    expect(updatePasswordBodySchema.parse(body)).toEqual(body);
    expect(issuesOf(updatePasswordBodySchema, { ...body, altchaPayload: '' })).toEqual([
      "altchaPayload: Prove you're not a robot",
    ]);
    expect(issuesOf(updatePasswordBodySchema, { ...body, otpToken: undefined })).toEqual([
      'otpToken: Enter a valid one-time code',
    ]);
    expect(issuesOf(updatePasswordBodySchema, { ...body, newPassword: 'password' })).toEqual([
      `newPassword: ${NEW_PASSWORD_MESSAGE}`,
    ]);
  });
});
