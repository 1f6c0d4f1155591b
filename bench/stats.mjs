// Order statistics the benchmarks report: one definition each, so figures compare across them.

/** The middle value (the mean of the two middle ones for an even count); 0 for none. @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * The nearest-rank quantile: the smallest value with at least `q` of the values at or below it
 * (q 0.95 → p95); 0 for none.
 * @param {number[]} values @param {number} q
 */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}
