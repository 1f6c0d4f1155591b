import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A dotted IPv4 tail ('::ffff:1.2.3.4', '::1.2.3.4', before any zone). */
const IPV4_TAIL = /(\d+)\.(\d+)\.(\d+)\.(\d+)(?=%|$)/;

/**
 * The tail as two hex groups ('::1.2.3.4' → '::102:304'): ipaddr.js reads every dotted tail as
 * IPv4-mapped (::ffff:…), which would turn an IPv4-compatible address into another one.
 */
function hexTail(text: string): string {
  return text.replace(IPV4_TAIL, (_tail, a: string, b: string, c: string, d: string) =>
    [Number(a) * 256 + Number(b), Number(c) * 256 + Number(d)].map((group) => group.toString(16)).join(':'),
  );
}

/**
 * The one text form of an IP address, so that equal addresses compare equal: trimmed, lower
 * case, IPv6 zero-compressed (RFC 5952: '2001:0DB8:0:0::1' → '2001:db8::1'), and an IPv4-mapped
 * IPv6 address given as its IPv4 ('::ffff:1.2.3.4' → '1.2.3.4', the form a dual-stack socket
 * reports IPv4 clients in). A zone ('%eth0') is kept. Returns null when the text is no IP address
 * (node's isIP decides, the same test the guards apply to a client's address).
 */
export function canonicalIp(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return null;
  const address = ipaddr.IPv6.parse(hexTail(text));
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return address.toRFC5952String();
}
