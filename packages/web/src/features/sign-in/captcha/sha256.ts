/**
 * SHA-256 (FIPS 180-4) specialised for the captcha's search: the digest of `salt + n` for many
 * numbers n, compared with a target digest. Synchronous and allocation-free per try: the salt's
 * full 64-byte blocks are hashed once (the midstate), only the tail with the number's digits is
 * hashed per try. About 10× the speed of one `crypto.subtle.digest` call per try, whose promise
 * and buffer copies cost more than the hash itself.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** Compresses the 64-byte block at `block[offset…]` into `state` (8 words), using `w` (64 words). */
function compress(state: Uint32Array, block: Uint8Array, offset: number, w: Uint32Array): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] =
      ((block[j] as number) << 24) |
      ((block[j + 1] as number) << 16) |
      ((block[j + 2] as number) << 8) |
      (block[j + 3] as number);
  }
  for (let i = 16; i < 64; i++) {
    const w15 = w[i - 15] as number;
    const w2 = w[i - 2] as number;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let i = 0; i < 64; i++) {
    const t1 =
      (h +
        (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
        ((e & f) ^ (~e & g)) +
        (K[i] as number) +
        (w[i] as number)) |
      0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = ((state[0] as number) + a) | 0;
  state[1] = ((state[1] as number) + b) | 0;
  state[2] = ((state[2] as number) + c) | 0;
  state[3] = ((state[3] as number) + d) | 0;
  state[4] = ((state[4] as number) + e) | 0;
  state[5] = ((state[5] as number) + f) | 0;
  state[6] = ((state[6] as number) + g) | 0;
  state[7] = ((state[7] as number) + h) | 0;
}

/** The 8 big-endian words of a 64-hex-digit digest; null when `hex` is not one. */
export function digestWords(hex: string): Uint32Array | null {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i++) words[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16);
  return words;
}

/**
 * A search for the n with SHA-256(`prefix` + decimal n) = `target` (64 hex digits). `find`
 * tries `count` numbers from `start` every `step`, and returns the first match or −1.
 */
export class Sha256Search {
  private readonly midstate = new Uint32Array(INITIAL);
  private readonly tail: Uint8Array;
  private readonly prefixBytes: number;
  private readonly buffer = new Uint8Array(128);
  private readonly state = new Uint32Array(8);
  private readonly w = new Uint32Array(64);
  private readonly target: Uint32Array;

  constructor(prefix: string, target: string) {
    const words = digestWords(target);
    if (!words) throw new Error('The captcha challenge is not a SHA-256 digest.');
    this.target = words;
    const bytes = new TextEncoder().encode(prefix);
    this.prefixBytes = bytes.length;
    const full = bytes.length - (bytes.length % 64);
    for (let offset = 0; offset < full; offset += 64) compress(this.midstate, bytes, offset, this.w);
    // The tail is < 64 bytes: with ≤ 16 digits, 0x80 and the 8-byte length it fits 2 blocks.
    this.tail = bytes.slice(full);
  }

  /** Whether SHA-256(prefix + n) is the target. */
  matches(n: number): boolean {
    const buffer = this.buffer;
    buffer.set(this.tail, 0);
    let length = this.tail.length;
    const digits = String(n);
    for (let i = 0; i < digits.length; i++) buffer[length++] = digits.charCodeAt(i);
    const messageBits = (this.prefixBytes + digits.length) * 8;
    buffer[length++] = 0x80;
    const blocks = length + 8 <= 64 ? 1 : 2;
    const end = blocks * 64;
    buffer.fill(0, length, end - 4);
    // The message length in bits, big-endian in the last 8 bytes (< 2^32 here: the high 4 stay 0).
    buffer[end - 4] = messageBits >>> 24;
    buffer[end - 3] = (messageBits >>> 16) & 0xff;
    buffer[end - 2] = (messageBits >>> 8) & 0xff;
    buffer[end - 1] = messageBits & 0xff;
    const state = this.state;
    state.set(this.midstate);
    compress(state, buffer, 0, this.w);
    if (blocks === 2) compress(state, buffer, 64, this.w);
    const target = this.target;
    for (let i = 0; i < 8; i++) if (state[i] !== target[i]) return false;
    return true;
  }

  find(start: number, step: number, count: number): number {
    for (let i = 0, n = start; i < count; i++, n += step) if (this.matches(n)) return n;
    return -1;
  }

  /** The digest of prefix + n as hex (tests compare it with node:crypto). */
  hexOf(n: number): string {
    this.matches(n);
    return Array.from(this.state, (word) => word.toString(16).padStart(8, '0')).join('');
  }
}
