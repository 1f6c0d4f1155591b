/**
 * The transaction model (docs/strategy.md#transactions): one order's life, from the decision
 * to the exchange's answer. Plain serialisable data; amounts are decimal strings, times epoch ms.
 */

/** Placement budget of one transaction (docs/strategy.md#transactions). */
export const MAX_ATTEMPTS = 6;

export type TransactionSide = 'BUY' | 'SELL';
export type TransactionStatus = 'PROCESSING' | 'SUCCEEDED' | 'FAILED';
export type TransactionAction = 'INITIAL_BALANCES' | 'EXECUTION' | 'CONFIRMATION';

/** One timeline entry; `outcome` true is shown green, false red. */
export interface TransactionLog {
  action: TransactionAction;
  outcome: boolean;
  eventTime: number;
  error?: string;
  /** Written by this module only (see payloads.ts for each action's shape). */
  payload?: unknown;
}

export interface Transaction {
  /** A UUID or a non-negative integer (as a string); see clientOrderIdFor. */
  id: string;
  side: TransactionSide;
  /** Base amount ordered, a decimal string > 0. */
  amount: string;
  status: TransactionStatus;
  /** Placements tried so far (EXECUTION logs), 0 to MAX_ATTEMPTS. */
  attempts: number;
  /** Creation time. */
  eventTime: number;
  /** Derived from `id`, identical for every attempt. */
  clientOrderId: string;
  logs: TransactionLog[];
}

/** Free balances by asset, decimal strings ≥ 0 (e.g. { BTC: '0.01', USDT: '1500' }). */
export type TransactionBalances = Record<string, string>;

/** Order statuses as the exchange port reports them. */
export type ObservedOrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'REJECTED' | 'EXPIRED';

export interface ObservedFill {
  id: string;
  price: string;
  amount: string;
  time: number;
}

/**
 * What the exchange says about the order carrying our client order id. The engine's
 * ExchangeOrder is a superset of this shape (extra keys are dropped when read).
 */
export interface ObservedOrder {
  clientOrderId: string;
  side: TransactionSide;
  status: ObservedOrderStatus;
  /** Base amount filled so far, decimal string ≥ 0. */
  filled: string;
  fills: ObservedFill[];
}

/** What placing the order returned: the order, or a coded error with its recovery. */
export type ExecutionResult =
  | { ok: true; order: ObservedOrder }
  | { ok: false; error: { code: number; recovery: 'retry' | 'alert' | 'reject'; message: string } };

/**
 * What the engine does next: `place` the order (again, with the same client order id), look it up
 * later (`confirm-later`), or nothing (`done`, the transaction is finished).
 */
export type NextStep = 'done' | 'place' | 'confirm-later';

export interface TransactionStep {
  transaction: Transaction;
  next: NextStep;
}

/** Input of startTransaction. */
export interface TransactionInput {
  id: string;
  side: TransactionSide;
  amount: string;
}
