/**
 * A small seeded, stateless pseudo-random source: every synthetic number of the simulator is a
 * pure function of integers (seed, candle index, coin, level…), so the same inputs always give
 * the same market and no state has to be carried between calls. Not for cryptography.
 */

/** Mixes one 32-bit word into a running hash (multiply–xorshift steps, full avalanche). */
function mix(hash: number, value: number): number {
  let h = (hash ^ (value | 0)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A 32-bit hash of integers. Values beyond 32 bits (candle indices never are) are folded in as
 * their high and low words so that nothing is silently truncated.
 */
export function hashInts(...values: readonly number[]): number {
  let hash = 0x9e3779b9;
  for (const value of values) {
    const high = Math.floor(value / 0x1_0000_0000);
    hash = mix(mix(hash, value >>> 0), high);
  }
  return hash;
}

/** A uniform number in [0, 1) determined by the integers given. */
export function uniform(...values: readonly number[]): number {
  return hashInts(...values) / 0x1_0000_0000;
}
