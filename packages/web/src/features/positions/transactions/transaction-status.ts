import type { TransactionRecord, TransactionStatus } from './types';

/** How a status is shown: processing spins, the final states have their wording. */
export interface StatusView {
  label: 'Processing...' | 'Executed successfully' | 'Failed to execute';
  tone: 'pending' | 'success' | 'failure';
  /** Still moving: show a spinner and keep polling. */
  processing: boolean;
}

/** SUCCEEDED and FAILED are final; anything else (PROCESSING, or a future state) is processing. */
export function statusView(status: TransactionStatus | string): StatusView {
  if (status === 'SUCCEEDED') return { label: 'Executed successfully', tone: 'success', processing: false };
  if (status === 'FAILED') return { label: 'Failed to execute', tone: 'failure', processing: false };
  return { label: 'Processing...', tone: 'pending', processing: true };
}

/** BUY is an increase, any other side a decrease. */
export function transactionTitle(side: TransactionRecord['side'] | string): string {
  return side === 'BUY' ? 'Increase Transaction' : 'Decrease Transaction';
}

/** Readable names of the log steps. */
const ACTION_LABELS: Record<string, string> = {
  INITIAL_BALANCES: 'Initial balances',
  EXECUTION: 'Execution',
  CONFIRMATION: 'Confirmation',
};

export function logActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Outcome true is green, false red. */
export function outcomeClassName(outcome: boolean): string {
  return outcome ? 'text-increase' : 'text-decrease';
}
