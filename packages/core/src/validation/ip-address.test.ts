import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIPv4, isIPv6, isIpAddress } from './ip-address.js';

describe('isIPv4', () => {
  it.each(['0.0.0.0', '127.0.0.1', '192.168.1.254', '255.255.255.255', '8.8.8.8'])('accepts %s', (ip) => {
    expect(isIPv4(ip)).toBe(true);
  });
  it.each([
    '256.0.0.1', // octet above 255
    '01.2.3.4', // leading zero (ambiguous: octal in some parsers)
    '1.2.3', // three octets
    '1.2.3.4.5',
    '1.2.3.', // empty octet
    '1..3.4',
    ' 1.2.3.4', // untrimmed
    '1.2.3.4/24', // a network, not an address
    'a.b.c.d',
    '',
  ])('refuses %s', (ip) => {
    expect(isIPv4(ip)).toBe(false);
  });
});

describe('isIPv6', () => {
  it.each([
    '::',
    '::1',
    '2001:db8::1',
    '2001:0DB8:0000:0000:0000:0000:0000:0001',
    '1:2:3:4:5:6:7::', // '::' standing for one group at the end
    '::2:3:4:5:6:7:8',
    '::ffff:192.0.2.1', // IPv4-mapped, as request IPs arrive on dual-stack sockets
    '64:ff9b::1.2.3.4',
    '1:2:3:4:5:6:1.2.3.4',
    'fe80::1%eth0',
  ])('accepts %s', (ip) => {
    expect(isIPv6(ip)).toBe(true);
  });
  it.each([
    '1:2:3:4:5:6:7', // seven groups, no '::'
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:8::', // '::' must stand for at least one group
    '1::2::3', // '::' twice
    ':::',
    ':1::',
    '1:',
    '12345::', // group of five digits
    'g::1',
    '::1.2.3', // bad IPv4 tail
    '1.2.3.4::', // IPv4 only at the end
    '1:2:3:4:5:6:7:1.2.3.4', // the tail makes nine groups
    'fe80::1%', // empty zone
    '1.2.3.4',
    '',
  ])('refuses %s', (ip) => {
    expect(isIPv6(ip)).toBe(false);
  });
});

describe('isIpAddress (property)', () => {
  it('agrees with node:net on generated near-addresses', () => {
    // Mostly well-formed pieces with a few bad ones, so both answers come up often.
    const hexGroup = fc.oneof(
      { weight: 9, arbitrary: fc.stringMatching(/^[0-9a-fA-F]{1,4}$/) },
      { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-gA-G]{0,5}$/) },
    );
    const octet = fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 0, max: 255 }).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('256', '00', '01', '') },
    );
    const ipv4 = fc.array(octet, { minLength: 3, maxLength: 5 }).map((octets) => octets.join('.'));
    const ipv6 = fc
      .tuple(
        fc.array(hexGroup, { maxLength: 9 }),
        fc.option(ipv4),
        fc.option(fc.nat(10)),
        fc.option(fc.constantFrom('%eth0', '%1', '%')),
      )
      .map(([groups, v4, cut, zone]) => {
        const parts = v4 === null ? groups : [...groups, v4];
        const body =
          cut === null ? parts.join(':') : `${parts.slice(0, cut).join(':')}::${parts.slice(cut).join(':')}`;
        return `${body}${zone ?? ''}`;
      });
    fc.assert(
      fc.property(fc.oneof(ipv4, ipv6, fc.string({ maxLength: 20 })), (candidate) => {
        expect(isIpAddress(candidate), candidate).toBe(isIP(candidate) !== 0);
      }),
      { numRuns: 3000 },
    );
  });
});
