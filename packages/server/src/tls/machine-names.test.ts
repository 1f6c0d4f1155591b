import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { machineNames } from './machine-names.js';

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

describe('machineNames', () => {
  it('names the host, its .local name, localhost and every outside address but link-local IPv6', () => {
    const names = machineNames('Pi', {
      lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
      eth0: [entry('192.168.1.20', 'IPv4'), entry('fe80::1', 'IPv6'), entry('2001:DB8::20', 'IPv6')],
      wlan0: [entry('10.0.0.7', 'IPv4')],
    });
    expect(names).toEqual({
      dns: ['localhost', 'pi', 'pi.local'],
      ipv4: ['127.0.0.1', '192.168.1.20', '10.0.0.7'],
      ipv6: ['::1', '2001:db8::20'],
    });
  });

  it('adds no .local to a name that has a domain, and no duplicate localhost', () => {
    expect(machineNames('bot.example.com', {}).dns).toEqual(['localhost', 'bot.example.com']);
    expect(machineNames('localhost', {}).dns).toEqual(['localhost']);
  });
});
