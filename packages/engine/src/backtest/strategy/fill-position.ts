import {
  compare,
  Decimal,
  Fixed,
  fixedOf,
  fixedText,
  fixedToNumber,
  isLedgerClosed,
  ledgerEntryPrice,
  ledgerHeldAmount,
  minus,
  type Position,
  type PositionActions,
  type PositionLedger,
  pctDecimal,
  pctNumber,
  plus,
  positionFromLedger,
  QUOTE_DECIMALS,
  readsAsDouble,
  roundHalfUp,
  type StrategyConfig,
  times,
} from '@balancer/core';

const ONE = new Fixed(1n, 0);
const ZERO = new Fixed(0n, 0);
/** Decimal divides to 40 dp: a gain of more than 38 decimals ÷ 100 would round there. */
const EXACT_GAIN_SCALE = 38;

const round2 = (value: Fixed): Fixed => roundHalfUp(value, QUOTE_DECIMALS);

/** The price, or null when core would refuse it (not a decimal, ≤ 0). */
function readPrice(price: string): Fixed | null {
  try {
    const value = fixedOf(price);
    return compare(value, ZERO) > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Core's `pctOrZero` (positions/compute.ts): 0 for a zero base, else `pctDecimal`, −0 as 0. */
function pctOrZero(base: Fixed, value: Fixed): number {
  if (base.units === 0n) return 0;
  const pct =
    readsAsDouble(base) && readsAsDouble(value)
      ? pctNumber(fixedToNumber(base), fixedToNumber(value))
      : pctDecimal(new Decimal(fixedText(base)), new Decimal(fixedText(value)));
  return pct === 0 ? 0 : pct;
}

/** Core's `decreasePriceLevels`: entry × (1 + gain ÷ 100) per level, 2 dp half up, as strings. */
function levelPrices(entry: Fixed, gains: readonly Fixed[]): string[] {
  return gains.map((gain) => {
    const factor = plus(new Fixed(gain.units, gain.scale + 2), ONE);
    return fixedText(round2(times(entry, factor)));
  });
}

/**
 * Core's `positionFromLedger(ledger, price, strategy, actions)` on the ledger's exact
 * integers (the same roundings: held 8 dp down, entry and quote figures 2 dp half up, pnl from
 * the rounded figures, roi and gain as `pctDecimal`), without reading its sums as `Decimal`s.
 * Anything core would refuse or compute otherwise (a price ≤ 0, a ledger that does not start
 * with a buy, a gain requirement of more than 38 decimals) goes to core itself; a property test
 * compares the two.
 */
export function positionOfFills(
  ledger: PositionLedger,
  price: string,
  strategy: StrategyConfig,
  actions: PositionActions,
): Position {
  const current = readPrice(price);
  const { first, last } = ledger;
  const gains = strategy.decreaseLevels.map((level) => fixedOf(level.gainRequirement));
  if (
    current === null ||
    first?.side !== 'BUY' ||
    last === null ||
    gains.some((gain) => gain.scale > EXACT_GAIN_SCALE)
  ) {
    return positionFromLedger(ledger, price, strategy, actions);
  }
  const held = ledgerHeldAmount(ledger);
  const entryPrice = ledgerEntryPrice(ledger);
  const amountQuote = round2(times(held, current));
  const amountQuoteIn = round2(ledger.quoteIn);
  const amountQuoteOut = round2(ledger.quoteOut);
  const returned = plus(amountQuote, amountQuoteOut);
  return {
    open: first.time,
    close: isLedgerClosed(ledger) ? last.time : null,
    entryPrice: fixedText(entryPrice),
    amount: fixedText(held),
    amountQuote: fixedText(amountQuote),
    amountQuoteIn: fixedText(amountQuoteIn),
    amountQuoteOut: fixedText(amountQuoteOut),
    pnl: fixedText(minus(returned, amountQuoteIn)),
    roi: pctOrZero(amountQuoteIn, returned),
    gain: pctOrZero(entryPrice, current),
    decreasePriceLevels: levelPrices(entryPrice, gains),
    actions,
  };
}
