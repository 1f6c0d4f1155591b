import { type Decimal, ROUNDING_MODES, toDecimal } from '../numbers/decimal.js';
import { nextPeriodStart, type ProfitPeriod, periodStart } from './periods.js';

/** Sums of one period's trades, decimal text (the database's exact NUMERIC sums). */
export interface PeriodTradeSums {
  boughtBase: string;
  boughtQuote: string;
  soldBase: string;
  soldQuote: string;
  /** Fees valued in the quote asset (a fee paid in BTC at its trade's price). */
  fees: string;
}

/** A closed position: when it closed and its profit (the position's pnl, quote asset). */
export interface ClosedPositionProfit {
  close: number;
  pnl: string;
}

export interface ProfitRow extends PeriodTradeSums {
  /** The period's start (inclusive) and end (exclusive), epoch ms UTC. */
  start: number;
  end: number;
  /** Σ pnl of the positions that closed in the period: profit is realised when a position closes. */
  realisedPnl: string;
  closedPositions: number;
  /** Quote per BTC over the period's buys (sells), 2 dp; null without any. */
  avgBuyPrice: string | null;
  avgSellPrice: string | null;
  /** Equity (quote + BTC × price) at the period's last sample; null without one. */
  equity: string | null;
}

export interface ProfitTotals extends PeriodTradeSums {
  realisedPnl: string;
  closedPositions: number;
}

const ZERO_SUMS: PeriodTradeSums = {
  boughtBase: '0',
  boughtQuote: '0',
  soldBase: '0',
  soldQuote: '0',
  fees: '0',
};

function average(quote: string, base: string): string | null {
  const amount = toDecimal(base);
  return amount.isZero()
    ? null
    : toDecimal(quote).div(amount).decimalPlaces(2, ROUNDING_MODES.ROUND_HALF_UP).toFixed();
}

/**
 * The profit table: one row per period (oldest first) that has a trade, a closed position or an
 * equity sample. Trade sums and equity come keyed by their period's start; each closed
 * position's pnl counts in the period of its close, so the rows' realised profit adds up to the
 * closed positions' pnl exactly (decimal sums, no rounding).
 */
export function profitRows(
  period: ProfitPeriod,
  trades: ReadonlyMap<number, PeriodTradeSums>,
  closed: readonly ClosedPositionProfit[],
  equity: ReadonlyMap<number, string>,
): ProfitRow[] {
  const realised = new Map<number, { pnl: Decimal; count: number }>();
  for (const position of closed) {
    const start = periodStart(position.close, period);
    const entry = realised.get(start) ?? { pnl: toDecimal(0), count: 0 };
    realised.set(start, { pnl: entry.pnl.plus(position.pnl), count: entry.count + 1 });
  }
  const starts = [...new Set([...trades.keys(), ...realised.keys(), ...equity.keys()])].sort((a, b) => a - b);
  return starts.map((start) => {
    const sums = trades.get(start) ?? ZERO_SUMS;
    const closes = realised.get(start);
    return {
      start,
      end: nextPeriodStart(start, period),
      ...sums,
      realisedPnl: closes ? closes.pnl.toFixed() : '0',
      closedPositions: closes?.count ?? 0,
      avgBuyPrice: average(sums.boughtQuote, sums.boughtBase),
      avgSellPrice: average(sums.soldQuote, sums.soldBase),
      equity: equity.get(start) ?? null,
    };
  });
}

/** The rows' sums (what the table's footer shows). */
export function profitTotals(rows: readonly ProfitRow[]): ProfitTotals {
  const sum = (pick: (row: ProfitRow) => string) =>
    rows.reduce((total, row) => total.plus(pick(row)), toDecimal(0)).toFixed();
  return {
    realisedPnl: sum((row) => row.realisedPnl),
    fees: sum((row) => row.fees),
    boughtBase: sum((row) => row.boughtBase),
    boughtQuote: sum((row) => row.boughtQuote),
    soldBase: sum((row) => row.soldBase),
    soldQuote: sum((row) => row.soldQuote),
    closedPositions: rows.reduce((count, row) => count + row.closedPositions, 0),
  };
}
