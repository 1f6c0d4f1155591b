/**
 * IP address syntax, written here because core may not import node:net. The rules follow
 * node:net's isIP: dotted IPv4 without leading zeros, and IPv6 in any RFC 4291 text form (`::`
 * once, an IPv4 tail, an optional `%zone`).
 */

const IPV4_OCTET = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/;
const IPV6_GROUP = /^[0-9a-fA-F]{1,4}$/;
const ZONE_ID = /^[0-9a-zA-Z\-.:]+$/;

/** True for a dotted-quad IPv4 address such as '192.168.0.1' (no leading zeros, each octet ≤ 255). */
export function isIPv4(value: string): boolean {
  const octets = value.split('.');
  return octets.length === 4 && octets.every((octet) => IPV4_OCTET.test(octet));
}

/** The number of 16-bit groups a run of `a:b:1.2.3.4` stands for, or −1 if it is malformed. */
function countGroups(run: string, mayEndInIPv4: boolean): number {
  if (run === '') return 0;
  const parts = run.split(':');
  let groups = 0;
  for (const [index, part] of parts.entries()) {
    if (mayEndInIPv4 && index === parts.length - 1 && part.includes('.')) {
      if (!isIPv4(part)) return -1;
      groups += 2; // an IPv4 tail fills the last 32 bits
    } else if (IPV6_GROUP.test(part)) {
      groups += 1;
    } else {
      return -1;
    }
  }
  return groups;
}

/** True for an IPv6 address such as '2001:db8::1', '::ffff:192.0.2.1' or 'fe80::1%eth0'. */
export function isIPv6(value: string): boolean {
  const percent = value.indexOf('%');
  const address = percent === -1 ? value : value.slice(0, percent);
  if (percent !== -1 && !ZONE_ID.test(value.slice(percent + 1))) return false;
  const halves = address.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 1) return countGroups(address, true) === 8;
  const [head = '', tail = ''] = halves;
  const headGroups = countGroups(head, false);
  const tailGroups = countGroups(tail, true);
  // '::' stands for at least one zero group, so the written groups are at most 7.
  return headGroups >= 0 && tailGroups >= 0 && headGroups + tailGroups <= 7;
}

/** True for a valid IPv4 or IPv6 address (the text must already be trimmed). */
export function isIpAddress(value: string): boolean {
  return typeof value === 'string' && (isIPv4(value) || isIPv6(value));
}
