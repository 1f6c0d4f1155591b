import { csvText, describeOrderReason } from '@balancer/core';
import type { LabFill, LabPosition } from '../report';

// The one CSV writer (RFC 4180, formula-safe) is core's csvText, shared with the record exports.
export { csvText };

export const FILLS_HEADER = [
  'id',
  'time',
  'side',
  'price',
  'amount',
  'quote_amount',
  'commission',
  'level',
  'why',
];

/** The fills, oldest first, as the report has them (decimal text kept as it is). */
export function fillsCsv(fills: readonly LabFill[]): string {
  return csvText(
    FILLS_HEADER,
    fills.map((fill) => [
      fill.id,
      fill.time,
      fill.side,
      fill.price,
      fill.amount,
      fill.quoteAmount,
      fill.commission,
      fill.level,
      // Why the strategy ordered it (core's words); empty in a report stored before reasons.
      fill.reason === undefined ? '' : describeOrderReason(fill.reason),
    ]),
  );
}

export const POSITIONS_HEADER = [
  'number',
  'opened',
  'closed',
  'entry_price',
  'btc_held',
  'quote_in',
  'quote_out',
  'value',
  'pnl',
  'roi_percent',
  'trades',
  'decrease_levels',
];

/** The strategy's positions at the last close; the five decrease levels in one field. */
export function positionsCsv(positions: readonly LabPosition[]): string {
  return csvText(
    POSITIONS_HEADER,
    positions.map((position, i) => [
      i + 1,
      position.openTime,
      position.closeTime,
      position.entryPrice,
      position.amount,
      position.amountQuoteIn,
      position.amountQuoteOut,
      position.amountQuote,
      position.pnl,
      position.roi,
      position.trades,
      position.decreasePriceLevels.join(' '),
    ]),
  );
}
