import type { OrderReason, PositionRecord, TradeRecord, TransactionRecord } from '@balancer/core';
import { essentials } from '../essentials/fixtures';

/** Test records in the API's shape (times in ms; 1772719620000 = 05/03/2026 14:07 UTC). */
export const OPEN_TIME = 1_772_719_620_000;

export function positionFixture(overrides: Partial<PositionRecord> = {}): PositionRecord {
  return {
    id: 3,
    open: OPEN_TIME,
    close: null,
    archived: false,
    price: '71000.00',
    entry_price: '70000.00',
    gain: 1.43,
    amount: '0.00300000',
    amount_quote: '213.00',
    amount_quote_in: '210.00',
    amount_quote_out: '0.00',
    pnl: '3.00',
    roi: 1.43,
    increase_actions: [{ txID: '11', eventTime: OPEN_TIME, nextEventTime: OPEN_TIME + 3_600_000 }],
    decrease_actions: [[{ txID: '12', eventTime: OPEN_TIME + 60_000, nextEventTime: null }], [], [], [], []],
    decrease_price_levels: ['72000.00', '73000.00', '74000.00', '75000.00', '76000.00'],
    ...overrides,
  };
}

/** An automatic sell's reason: level 2 at a gain of 3.1 % (core's words: docs/strategy.md#order-reasons). */
export const LEVEL_2_REASON: OrderReason = {
  rule: 'decrease-level',
  level: 2,
  gain: 3.1,
  requirement: 3,
  share: 10,
  wholePosition: false,
  price: '72170',
  amountBase: '0.0003',
  amountQuote: '21.65',
};

export function transactionFixture(overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  return {
    id: 11,
    event_time: OPEN_TIME,
    amount: '0.00300000',
    side: 'BUY',
    status: 'SUCCEEDED',
    attempts: 1,
    logs: [
      { action: 'INITIAL_BALANCES', outcome: true, eventTime: OPEN_TIME, payload: { USDT: '1000' } },
      { action: 'EXECUTION', outcome: true, eventTime: OPEN_TIME + 1_000 },
      { action: 'CONFIRMATION', outcome: true, eventTime: OPEN_TIME + 11_000 },
    ],
    intent: { kind: 'increase', level: null, manual: true },
    reason: {
      rule: 'manual',
      side: 'BUY',
      by: 'root',
      share: null,
      wholePosition: false,
      price: '70000',
      amountBase: '0.003',
      amountQuote: '210',
    },
    position_id: 3,
    ...overrides,
  };
}

export function tradeFixture(overrides: Partial<TradeRecord> = {}): TradeRecord {
  return {
    id: 21,
    exchange_trade_id: null,
    position_id: 3,
    transaction_id: null,
    side: 'BUY',
    time: OPEN_TIME,
    price: '70000.00',
    amount: '0.00300000',
    quote_amount: '210.00',
    commission: '0',
    commission_asset: 'QUOTE',
    source: 'manual',
    order_id: null,
    client_order_id: null,
    ...overrides,
  };
}

/** GET data-join/app-essentials of a caller with this authority and this active position. */
export const essentialsWith = (authority: number, position: PositionRecord | null = positionFixture()) =>
  essentials({ user: { id: '1', nickname: 'root', authority }, position });
