import { isIP } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address without its zone. */
function ipv6Groups(address: string): number[] {
  const toGroups = (run: string): number[] => {
    if (run === '') return [];
    const groups: number[] = [];
    for (const part of run.split(':')) {
      if (part.includes('.')) {
        // An IPv4 tail fills the last 32 bits.
        const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
        groups.push(a * 256 + b, c * 256 + d);
      } else groups.push(Number.parseInt(part, 16));
    }
    return groups;
  };
  const [head = '', tail] = address.split('::');
  if (tail === undefined) return toGroups(head);
  const before = toGroups(head);
  const after = toGroups(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** RFC 5952 text: lower-case hex, no leading zeros, the longest run (≥ 2) of zero groups as '::'. */
function compress(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < groups.length; ) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < groups.length && groups[end] === 0) end += 1;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
 * The one text form of an IP address, so that equal addresses compare equal: trimmed, lower
 * case, IPv6 zero-compressed (RFC 5952: '2001:0DB8:0:0::1' → '2001:db8::1'), and an IPv4-mapped
 * IPv6 address given as its IPv4 ('::ffff:1.2.3.4' → '1.2.3.4', the form a dual-stack socket
 * reports IPv4 clients in). A zone ('%eth0') is kept. Returns null when the text is no IP address.
 */
export function canonicalIp(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return null;
  const percent = text.indexOf('%');
  const address = percent === -1 ? text : text.slice(0, percent);
  const zone = percent === -1 ? '' : text.slice(percent);
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return compress(groups) + zone;
}
