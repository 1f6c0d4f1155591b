import type { ProfitPeriod } from '@balancer/core';
import { formatDecimal } from '../../../lib/locale-number';

/** An amount of the quote asset, 2 dp, in the browser's locale: '1.234,50 USDT'. */
export const quote = (value: string | null, asset: string) =>
  value === null ? '—' : `${formatDecimal(value)} ${asset}`;

/** A BTC amount, 8 dp, in the browser's locale. */
export const btc = (value: string) => `${formatDecimal(value, { decimalPlaces: 8 })} BTC`;

/** A period's name from its start (UTC): '2026-01-05' (day, week), '2026-01' (month), '2026' (year). */
export function periodLabel(start: number, period: ProfitPeriod): string {
  const iso = new Date(start).toISOString();
  if (period === 'year') return iso.slice(0, 4);
  if (period === 'month') return iso.slice(0, 7);
  return period === 'week' ? `week of ${iso.slice(0, 10)}` : iso.slice(0, 10);
}
