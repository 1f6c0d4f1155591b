import type { PositionRecord, TradeRecord, TransactionRecord } from '../api/records.js';
import type { CsvValue } from './csv.js';
import { utcDateTime } from './range.js';

/** trades.csv's header row, exactly (docs/records.md maps it onto the tax tools' formats). */
export const TRADES_CSV_HEADER = [
  'Date (UTC)',
  'Side',
  'Amount (BTC)',
  'Price',
  'Quote amount',
  'Quote asset',
  'Fee',
  'Fee asset',
  'Exchange',
  'Order id',
  'Client order id',
  'Position',
  'Reason',
] as const;

export const TRANSACTIONS_CSV_HEADER = [
  'Date (UTC)',
  'Transaction',
  'Side',
  'Amount (BTC)',
  'State',
  'Attempts',
  'Kind',
  'Decrease level',
  'Manual',
  'Position',
  'Reason',
] as const;

export const POSITIONS_CSV_HEADER = [
  'Position',
  'Opened (UTC)',
  'Closed (UTC)',
  'State',
  'Archived',
  'Entry price',
  'Amount (BTC)',
  'Quote in',
  'Quote out',
  'Value',
  'Profit',
  'ROI (%)',
  'Quote asset',
  'Price',
] as const;

/** What a row needs besides the record: the installation's quote asset and exchange's name. */
export interface ExportContext {
  quoteAsset: string;
  exchange: string;
}

function feeAsset(asset: TradeRecord['commission_asset'], quoteAsset: string): string {
  if (asset === 'BASE') return 'BTC';
  return asset === 'QUOTE' ? quoteAsset : 'OTHER';
}

/** One trade as trades.csv writes it; `reason` in words, '' when the trade has none. */
export function tradeCsvRow(trade: TradeRecord, context: ExportContext, reason: string): CsvValue[] {
  return [
    utcDateTime(trade.time),
    trade.side === 'BUY' ? 'buy' : 'sell',
    trade.amount,
    trade.price,
    trade.quote_amount,
    context.quoteAsset,
    trade.commission,
    feeAsset(trade.commission_asset, context.quoteAsset),
    context.exchange,
    trade.order_id,
    trade.client_order_id,
    trade.position_id,
    reason,
  ];
}

export function transactionCsvRow(transaction: TransactionRecord, reason: string): CsvValue[] {
  return [
    utcDateTime(transaction.event_time),
    transaction.id,
    transaction.side === 'BUY' ? 'buy' : 'sell',
    transaction.amount,
    transaction.status.toLowerCase(),
    transaction.attempts,
    transaction.intent.kind,
    transaction.intent.level,
    transaction.intent.manual ? 'yes' : 'no',
    transaction.position_id,
    reason,
  ];
}

export function positionCsvRow(position: PositionRecord, quoteAsset: string): CsvValue[] {
  return [
    position.id,
    utcDateTime(position.open),
    position.close === null ? null : utcDateTime(position.close),
    position.close === null ? 'open' : 'closed',
    position.archived ? 'yes' : 'no',
    position.entry_price,
    position.amount,
    position.amount_quote_in,
    position.amount_quote_out,
    position.amount_quote,
    position.pnl,
    position.roi,
    quoteAsset,
    position.price,
  ];
}
