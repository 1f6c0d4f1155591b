import { round2HalfUp, roundNumber } from '@balancer/core';

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
  const x = solveLogRate(flows, years);
  return x === null ? null : finite(Math.expm1(x));
}

/**
 * rate × 100, 2 dp half up: `roundNumber(rate × 100)` (roundDecimal(…, 2, 'ROUND_HALF_UP')), through
 * core's plain-number twin when the percentage is finite.
 */
const percent2 = (rate: number): number => {
  const percent = rate * 100;
  return Number.isFinite(percent) ? round2HalfUp(percent) : roundNumber(percent, 2, 'ROUND_HALF_UP');
};

/**
 * `irr(flows, years)` as a percentage rounded to 2 dp half up — the only way a report shows it —
 * without bisecting further than that rounding can see: once both ends of the bracket round to
 * the same percentage, so does every rate between them (e^x − 1, × 100 and the rounding all rise
 * with x), the root included, so that is the answer `percent2(irr(…))` gives. Usually ~20
 * halvings instead of ~55.
 */
export function irrPercent(flows: readonly CashFlow[], years?: readonly number[]): number | null {
  let settled: number | null = null;
  const x = solveLogRate(flows, years, (lo, hi) => {
    const low = Math.expm1(lo);
    const high = Math.expm1(hi);
    if (!Number.isFinite(low * 100) || !Number.isFinite(high * 100)) return false;
    const at = percent2(low);
    if (at !== percent2(high)) return false;
    settled = at;
    return true;
  });
  if (settled !== null) return settled;
  if (x === null) return null;
  const rate = finite(Math.expm1(x));
  return rate === null ? null : percent2(rate);
}

/**
 * The x = ln(1 + r) of `irr`: the bracket and the bisection described there; `settled(lo, hi)`,
 * asked after each halving, may end it early (its answer then stands for the root).
 */
function solveLogRate(
  flows: readonly CashFlow[],
  years?: readonly number[],
  settled?: (lo: number, hi: number) => boolean,
): number | null {
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
  if (fLo === 0) return lo;
  if (fHi === 0) return hi;
  if (Math.sign(fLo) === Math.sign(fHi)) return null;
  for (let step = 0; step < 200; step++) {
    if (settled?.(lo, hi)) return (lo + hi) / 2;
    const mid = (lo + hi) / 2;
    // lo and hi are adjacent doubles: every further halving would leave them as they are.
    if (mid === lo || mid === hi) break;
    const fMid = npv(mid);
    if (fMid === 0) return mid;
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else {
      hi = mid;
    }
  }
  return (lo + hi) / 2;
}

/** A rate too large for a double (e^x overflowed) is reported as no rate. */
function finite(rate: number): number | null {
  return Number.isFinite(rate) ? rate : null;
}
