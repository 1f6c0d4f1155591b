import { updatePasswordBodySchema } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredOnly, describeArguments, MAX_ARGS_BYTES, MAX_ITEMS, MAX_STRING_CHARS } from './args.js';
import { isSecretKey, REDACTED } from './redact.js';

const body = z.object({
  nickname: z.string(),
  page: z.number().optional(),
  nested: z.object({ note: z.string(), otpSecret: z.string() }).nullable(),
  list: z.array(z.object({ altchaPayload: z.string(), n: z.number() })).optional(),
  weights: z.record(z.string(), z.number()).optional(),
});

describe('isSecretKey', () => {
  it('matches the listed names and anything secret-looking, in any case', () => {
    for (const key of [
      'password',
      'OTPTOKEN',
      'confirmNewPassword',
      'exchangeApiKey',
      'captchaSolution',
      'Authorization',
      'cookie',
      'signature',
      'clientSecret',
    ])
      expect(isSecretKey(key), key).toBe(true);
    for (const key of ['nickname', 'ip', 'percentage', 'limit']) expect(isSecretKey(key), key).toBe(false);
  });
});

describe('declaredOnly', () => {
  it('keeps the declared fields only, at any depth, through optional, nullable and arrays', () => {
    const input = {
      nickname: 'alice',
      confirmNewPassword: 'Hunter2!',
      extra: { a: 1 },
      nested: { note: 'n', otpSecret: 'JBSWY3DP', unknown: 'x' },
      list: [{ altchaPayload: 'eyJ', n: 3, junk: true }],
      weights: { '1': 1, '2': 3 },
    };
    expect(declaredOnly(input, body)).toEqual({
      nickname: 'alice',
      nested: { note: 'n', otpSecret: REDACTED },
      list: [{ altchaPayload: REDACTED, n: 3 }],
      weights: { '1': 1, '2': 3 },
    });
  });

  it('drops an unknown field of a strict schema too (the public password update)', () => {
    const sent = { nickname: 'bob', newPassword: 'x', confirmNewPassword: 'x', otpToken: '123456' };
    const kept = declaredOnly(sent, updatePasswordBodySchema) as Record<string, unknown>;
    expect(kept).not.toHaveProperty('confirmNewPassword');
    expect(kept).toMatchObject({ nickname: 'bob', newPassword: REDACTED, otpToken: REDACTED });
  });

  it('redacts a secret-looking declared field whatever its value is', () => {
    const schema = z.object({ password: z.unknown(), apiKey: z.number() });
    expect(declaredOnly({ password: { a: 1 }, apiKey: 123456 }, schema)).toEqual({
      password: REDACTED,
      apiKey: REDACTED,
    });
  });

  it('keeps nothing without a schema, and no content where a scalar was declared', () => {
    expect(declaredOnly({ anything: 'x' }, undefined)).toBeUndefined();
    expect(declaredOnly({ nickname: { deep: 'x' } }, body)).toEqual({ nickname: '[object]' });
    expect(declaredOnly({ nested: [1, 2] }, body)).toEqual({ nested: '[array of 2]' });
  });

  it('cuts long strings, long arrays and records, and deep structures', () => {
    const long = 'a'.repeat(5_000);
    const kept = declaredOnly({ nickname: long }, body) as { nickname: string };
    expect(kept.nickname).toHaveLength(MAX_STRING_CHARS);
    expect(kept.nickname.endsWith('…')).toBe(true);
    const items = Array.from({ length: 50 }, (_, n) => ({ altchaPayload: 'p', n }));
    const list = (declaredOnly({ list: items }, body) as { list: unknown[] }).list;
    // MAX_ITEMS items, then one marker for the 30 others.
    expect(list).toHaveLength(MAX_ITEMS + 1);
    expect(list.at(-1)).toBe('[30 more]');
    let deep: z.ZodType = z.string();
    let value: unknown = 'x';
    for (let level = 0; level < 12; level += 1) {
      deep = z.object({ next: deep });
      value = { next: value };
    }
    expect(JSON.stringify(declaredOnly(value, deep))).toContain('[too deep]');
  });

  it('leaves the input unchanged', () => {
    const input = { nickname: 'a', nested: { note: 'n', otpSecret: 's' } };
    declaredOnly(input, body);
    expect(input.nested.otpSecret).toBe('s');
  });
});

describe('describeArguments', () => {
  it('is null when no schema declares anything sent', () => {
    expect(describeArguments({ body: { a: 1 }, query: { b: 2 } }, undefined)).toBeNull();
    expect(describeArguments({ body: { a: 1 } }, { body: z.object({ c: z.string() }) })).toEqual({
      body: {},
    });
  });

  it('keeps at most MAX_ARGS_BYTES of JSON, however fat the body', () => {
    const schema = z.object({ notes: z.array(z.string()) });
    const fat = { notes: Array.from({ length: 1_000 }, () => 'n'.repeat(90)) };
    const args = describeArguments({ body: fat }, { body: schema });
    expect(Buffer.byteLength(JSON.stringify(args))).toBeLessThanOrEqual(MAX_ARGS_BYTES);
    // 12 declared fields of 200 two-byte characters each: ~4.8 kB, cut to a preview.
    const fields = Array.from({ length: 12 }, (_, n) => `f${n}`);
    const many = z.object(Object.fromEntries(fields.map((field) => [field, z.string()])));
    const sent = Object.fromEntries(fields.map((field) => [field, 'é'.repeat(300)]));
    const wide = describeArguments({ body: sent }, { body: many }) as { truncated: string };
    expect(Buffer.byteLength(JSON.stringify(wide))).toBeLessThanOrEqual(MAX_ARGS_BYTES);
    expect(wide.truncated.startsWith('{"body":{"f0":"éé')).toBe(true);
  });
});
