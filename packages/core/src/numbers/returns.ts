import { Decimal, type DecimalInput } from './decimal.js';

/** A year as the lab's figures count it: 365 days (the XIRR convention's year). */
export const RETURN_YEAR_MS = 365 * 24 * 3600 * 1000;

/** What a lab outcome's figures are computed from (a backtest's outcome or a sweep row's). */
export interface OutcomeFigureInput {
  /** The starting cash: the whole capital every return on capital is measured on. */
  readonly startQuote: DecimalInput;
  /** Cash + BTC at the last close (quote). */
  readonly finalEquity: DecimalInput;
  /** Annualised IRR on the money invested, %, as the engine reports it (null: none). */
  readonly irrPercent: number | null;
  /** The period's length in ms; null when the caller does not know it (no annual figure then). */
  readonly periodMs: number | null;
}

/** The figures every lab screen shows for one outcome, computed once here. */
export interface OutcomeFigures {
  /** Cash + BTC at the last close, quote, 2 dp. */
  readonly finalValue: string;
  /** finalValue − starting cash, quote, 2 dp. */
  readonly pnl: string;
  /** P&L ÷ starting cash, %, 2 dp: the return over the period on the whole capital. */
  readonly periodReturnPercent: number;
  /** The same return a year, compounded; null for a period under a year (never annualised). */
  readonly annualReturnPercent: number | null;
  /** The IRR a year on the money invested; null for a period under a year or when there is none. */
  readonly irrPercent: number | null;
  /** True when the period is a year or longer (annual figures are shown). */
  readonly annualised: boolean;
}

const twoDp = (value: Decimal) => value.decimalPlaces(2, Decimal.ROUND_HALF_UP);

/** True when a period of `periodMs` may be shown with annual rates (a year or longer). */
export const spansAYear = (periodMs: number | null): boolean =>
  periodMs !== null && periodMs >= RETURN_YEAR_MS;

/**
 * One outcome's final value, P&L and returns on the whole capital (the starting cash), and its IRR
 * on the money invested, with the rule: a period under a year is never annualised (its return
 * is the period's, its IRR is not shown). The Results list and a result's page both call this.
 */
export function outcomeFigures(input: OutcomeFigureInput): OutcomeFigures {
  const start = new Decimal(input.startQuote);
  const finalValue = twoDp(new Decimal(input.finalEquity));
  const pnl = finalValue.minus(twoDp(start));
  const ratio = start.isZero() ? null : finalValue.dividedBy(start);
  const periodReturn = ratio === null ? 0 : twoDp(ratio.minus(1).times(100)).toNumber();
  const annualised = spansAYear(input.periodMs);
  let annualReturn: number | null = null;
  if (annualised && ratio?.isGreaterThan(0)) {
    const years = input.periodMs! / RETURN_YEAR_MS;
    annualReturn = twoDp(new Decimal(ratio.toNumber() ** (1 / years) - 1).times(100)).toNumber();
  }
  return {
    finalValue: finalValue.toFixed(2),
    pnl: pnl.toFixed(2),
    periodReturnPercent: periodReturn,
    annualReturnPercent: annualReturn,
    irrPercent: annualised ? input.irrPercent : null,
    annualised,
  };
}
