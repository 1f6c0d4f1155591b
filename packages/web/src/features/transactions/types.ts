/** A transaction as GET /position/transaction/:id answers it (docs/trading-api.md). */
export type TransactionStatus = 'PROCESSING' | 'SUCCEEDED' | 'FAILED';
export type TransactionAction = 'INITIAL_BALANCES' | 'EXECUTION' | 'CONFIRMATION';

export interface TransactionLog {
  action: TransactionAction;
  outcome: boolean;
  eventTime: number;
  error?: string;
  payload?: unknown;
}

export interface TransactionRecord {
  id: number;
  event_time: number;
  /** BTC, 8 dp. */
  amount: string;
  side: 'BUY' | 'SELL';
  status: TransactionStatus;
  attempts: number;
  logs: TransactionLog[];
  intent: { kind: 'increase' | 'decrease'; level: number | null; manual: boolean };
  position_id: number | null;
}
