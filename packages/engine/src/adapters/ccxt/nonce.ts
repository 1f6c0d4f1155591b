/** A nonce source that never repeats or goes back, whatever `base` (the exchange's ms/µs clock) does. */
export function monotonicNonce(base: () => number): () => number {
  let last = 0;
  return () => {
    last = Math.max(base(), last + 1);
    return last;
  };
}
