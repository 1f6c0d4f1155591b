import { type CashFlow, YEAR_MS } from './irr.js';

/**
 * How a backtest's IRR is computed and annualised (the report names it):
 * - `xirr`: each flow dated on its actual day, t in years = days ÷ 365 (Excel's XIRR);
 * - `periodic`: each flow counted at the nearest whole period from the first flow (a period =
 *   365 days ÷ periodsPerYear), the rate r per period solved, and the annual rate
 *   (1 + r)^periodsPerYear − 1 reported (Excel's IRR on a periodic series, compounded).
 */
export type IrrConvention = { kind: 'xirr' } | { kind: 'periodic'; periodsPerYear: number };

export const XIRR: IrrConvention = { kind: 'xirr' };

/**
 * Each flow's time in years from the first flow under the convention. For `periodic`,
 * k periods count as k ÷ periodsPerYear years, so the annual rate R solved from
 * Σ a_i (1 + R)^(−k_i / N) = 0 is exactly (1 + r)^N − 1 of the per-period rate r.
 */
export function flowYears(flows: readonly CashFlow[], convention: IrrConvention): number[] {
  let t0 = Number.POSITIVE_INFINITY;
  for (const flow of flows) t0 = Math.min(t0, flow.time);
  if (convention.kind === 'xirr') return flows.map((flow) => (flow.time - t0) / YEAR_MS);
  const periods = convention.periodsPerYear;
  const periodMs = YEAR_MS / periods;
  return flows.map((flow) => Math.round((flow.time - t0) / periodMs) / periods);
}

/** The convention in words, as the report states it. */
export function irrConventionText(convention: IrrConvention): string {
  if (convention.kind === 'xirr')
    return 'XIRR: cash flows on their actual days, a year of 365 days, the rate compounded yearly';
  const days = (365 / convention.periodsPerYear).toFixed(2).replace(/\.?0+$/, '');
  return (
    `periodic: cash flows counted at the nearest whole period of ${days} days from the first, ` +
    `the per-period rate r compounded ${convention.periodsPerYear} periods a year, (1 + r)^${convention.periodsPerYear} − 1`
  );
}
