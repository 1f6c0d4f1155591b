import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ipAddressSchema,
  ipBlacklistCreateSchema,
  ipBlacklistUpdateSchema,
  ipNotesSchema,
} from './network.js';

const issuesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('ipAddressSchema', () => {
  const cases: Array<[string, string]> = [
    ['  192.168.0.1 ', '192.168.0.1'], // trimmed
    ['2001:DB8::1', '2001:db8::1'], // lower-cased
    ['\t::FFFF:10.0.0.1\n', '::ffff:10.0.0.1'],
    ['fe80::1%ETH0', 'fe80::1%eth0'],
  ];
  it.each(cases)('stores %j as %s', (input, stored) => {
    expect(ipAddressSchema.parse(input)).toBe(stored);
  });

  it.each([
    ['::1', 'valid but under 5 characters'],
    ['1.2.3', 'not an address'],
    ['256.1.1.1', 'octet above 255'],
    ['localhost', 'a host name'],
    [`${'1:'.repeat(150)}1`, 'over 300 characters'],
    ['', 'empty'],
    [undefined, 'missing'],
  ])('refuses %s (%s)', (input, _why) => {
    const issues = issuesOf(ipAddressSchema, input);
    expect(issues.length).toBeGreaterThan(0);
    expect(new Set(issues)).toEqual(new Set([': Enter a valid IP address']));
  });

  it('is idempotent: the stored form parses to itself (property)', () => {
    const padding = fc.constantFrom('', ' ', '\t', '\n ');
    const address = fc.oneof(fc.ipV4(), fc.ipV6());
    fc.assert(
      fc.property(padding, address, padding, fc.boolean(), (before, ip, after, upper) => {
        const input = `${before}${upper ? ip.toUpperCase() : ip}${after}`;
        const first = ipAddressSchema.safeParse(input);
        if (ip.length < 5) {
          expect(first.success).toBe(false); // '::' and '::1' are under the spec's 5-character floor
        } else {
          expect(first.data).toBe(ip.toLowerCase());
          expect(ipAddressSchema.parse(first.data)).toBe(first.data);
        }
      }),
    );
  });
});

describe('ipNotesSchema', () => {
  it('trims, then wants 5–25,000 characters', () => {
    expect(ipNotesSchema.parse('  scanner bot  ')).toBe('scanner bot');
    expect(ipNotesSchema.safeParse('x'.repeat(25_000)).success).toBe(true);
    for (const bad of ['abcd', '   abcd   ', 'x'.repeat(25_001), 7]) {
      expect(issuesOf(ipNotesSchema, bad)).toEqual([': The notes must be 5 to 25,000 characters long']);
    }
  });
});

describe('IP blacklist bodies', () => {
  it('create and update take {ip, notes?} and refuse unknown keys', () => {
    for (const schema of [ipBlacklistCreateSchema, ipBlacklistUpdateSchema]) {
      expect(schema.parse({ ip: ' 10.0.0.1' })).toEqual({ ip: '10.0.0.1' });
      expect(schema.parse({ ip: '10.0.0.1', notes: 'brute force' })).toEqual({
        ip: '10.0.0.1',
        notes: 'brute force',
      });
      expect(issuesOf(schema, { ip: 'nope!', notes: 'abc' })).toEqual([
        'ip: Enter a valid IP address',
        'notes: The notes must be 5 to 25,000 characters long',
      ]);
      expect(issuesOf(schema, { ip: '10.0.0.1', id: 3 })).toEqual([': Unrecognized key: "id"']);
    }
  });
});
