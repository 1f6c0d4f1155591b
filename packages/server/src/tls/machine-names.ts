import os from 'node:os';

export interface MachineNames {
  /** DNS names: the host name, `<host>.local` (mDNS) and localhost, lower case. */
  dns: string[];
  /** IPv4 addresses: every interface's, 127.0.0.1 included. */
  ipv4: string[];
  /**
   * IPv6 addresses: ::1 and every interface's except link-local ones (fe80::/10), which a URL
   * cannot name without a zone browsers do not accept.
   */
  ipv6: string[];
}

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/** The names and addresses a device on the LAN may use to reach this machine. */
export function machineNames(
  hostname: string = os.hostname(),
  interfaces: Interfaces = os.networkInterfaces(),
): MachineNames {
  const host = hostname.trim().toLowerCase();
  const dns = new Set(['localhost']);
  if (host && host !== 'localhost') {
    dns.add(host);
    if (!host.includes('.')) dns.add(`${host}.local`);
  }
  const ipv4 = new Set(['127.0.0.1']);
  const ipv6 = new Set(['::1']);
  for (const addresses of Object.values(interfaces)) {
    for (const entry of addresses ?? []) {
      if (entry.internal) continue;
      if (entry.family === 'IPv4') ipv4.add(entry.address);
      else if (!/^fe[89ab]/i.test(entry.address)) ipv6.add(entry.address.toLowerCase());
    }
  }
  return { dns: [...dns], ipv4: [...ipv4], ipv6: [...ipv6] };
}
