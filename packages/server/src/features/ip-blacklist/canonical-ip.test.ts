import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalIp } from './canonical-ip.js';

describe('canonicalIp', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    ['  10.0.0.1 ', '10.0.0.1'],
    ['2001:0db8::1', '2001:db8::1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'], // two runs of two: the first one is compressed
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'], // a single zero group stays
    ['0:0:0:0:0:0:0:1', '::1'],
    ['::', '::'],
    ['fe80::0001%ETH0', 'fe80::1%eth0'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:0102:0304', '1.2.3.4'], // 0x0102 = 1·256 + 2, 0x0304 = 3·256 + 4
    ['::1.2.3.4', '::102:304'], // IPv4-compatible (not mapped) stays IPv6
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
  ])('%s → %s', (raw, canonical) => {
    expect(canonicalIp(raw)).toBe(canonical);
  });

  it.each(['', 'not an ip', '1.2.3', '01.2.3.4', '2001:db8::1::2', '12345::1'])('refuses %j', (raw) => {
    expect(canonicalIp(raw)).toBeNull();
  });

  it('is idempotent and keeps the address valid', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (ip) => {
        const once = canonicalIp(ip);
        expect(once).not.toBeNull();
        expect(isIP(once ?? '')).not.toBe(0);
        expect(canonicalIp(once ?? '')).toBe(once);
      }),
    );
  });

  it('maps every spelling of one IPv6 address to one text', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (groups) => {
        const padded = groups.map((group) => group.toString(16).padStart(4, '0').toUpperCase()).join(':');
        const bare = groups.map((group) => group.toString(16)).join(':');
        expect(canonicalIp(padded)).toBe(canonicalIp(bare));
      }),
    );
  });
});
