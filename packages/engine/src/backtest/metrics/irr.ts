/** A dated cash flow from the investor's side: negative = paid in (a buy), positive = taken out. */
export interface CashFlow {
  /** ms since the epoch */
  readonly time: number;
  /** quote units; a plain number because the IRR is a rate, not money */
  readonly amount: number;
}

/** The XIRR convention: a year is 365 days. */
export const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Annualised internal rate of return of dated cash flows (XIRR): the r with
 * Σ amount_i × (1 + r)^−((t_i − t_0) / year) = 0, t_0 the earliest flow.
 * `years` gives each flow's t in years instead (irr-convention.ts: periodic counting).
 * Solved by bisection on x = ln(1 + r): the bracket starts at [−1, 1] and doubles while
 * |x| × span-in-years ≤ 600 (short runs annualise to huge rates), then up to 200 halvings, stopping
 * early once lo and hi are adjacent doubles (where further halvings change nothing). Returns null when there is no root in that range: fewer than two flows, all flows
 * of one sign, a zero-length period, or a rate beyond float range.
 * When the flows change sign more than once there may be several roots; this finds one.
 */
export function irr(flows: readonly CashFlow[], years?: readonly number[]): number | null {
  if (flows.length < 2) return null;
  let t0 = Number.POSITIVE_INFINITY;
  let t1 = Number.NEGATIVE_INFINITY;
  for (const flow of flows) {
    if (!Number.isFinite(flow.amount) || !Number.isFinite(flow.time)) return null;
    t0 = Math.min(t0, flow.time);
    t1 = Math.max(t1, flow.time);
  }
  const at = years ?? flows.map((flow) => (flow.time - t0) / YEAR_MS);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const value of at) {
    first = Math.min(first, value);
    last = Math.max(last, value);
  }
  const span = last - first;
  if (t1 === t0 || span === 0) return null;
  const npv = (x: number): number => {
    let sum = 0;
    for (let i = 0; i < flows.length; i++) sum += flows[i]!.amount * Math.exp(-x * at[i]!);
    return sum;
  };
  // Widen [lo, hi] by doubling until the NPV changes sign, keeping |x| × span ≤ 600 so every
  // discount factor e^(−x τ) stays finite.
  const limit = 600 / span;
  let lo = -Math.min(1, limit);
  let hi = Math.min(1, limit);
  let fLo = npv(lo);
  let fHi = npv(hi);
  while (Math.sign(fLo) === Math.sign(fHi) && fLo !== 0 && hi < limit) {
    lo = Math.max(lo * 2, -limit);
    hi = Math.min(hi * 2, limit);
    fLo = npv(lo);
    fHi = npv(hi);
  }
  if (fLo === 0) return finite(Math.expm1(lo));
  if (fHi === 0) return finite(Math.expm1(hi));
  if (Math.sign(fLo) === Math.sign(fHi)) return null;
  for (let step = 0; step < 200; step++) {
    const mid = (lo + hi) / 2;
    // lo and hi are adjacent doubles: every further halving would leave them as they are.
    if (mid === lo || mid === hi) break;
    const fMid = npv(mid);
    if (fMid === 0) return finite(Math.expm1(mid));
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else {
      hi = mid;
    }
  }
  return finite(Math.expm1((lo + hi) / 2));
}

/** A rate too large for a double (e^x overflowed) is reported as no rate. */
function finite(rate: number): number | null {
  return Number.isFinite(rate) ? rate : null;
}
