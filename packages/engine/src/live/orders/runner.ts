import {
  applyConfirmation,
  applyExecution,
  nextStep,
  reconcile,
  startTransaction,
  type Transaction,
  type TransactionStep,
} from '@balancer/core';
import type { ExchangeBalances, ExchangePort, OrderSide } from '../../ports/exchange.js';
import type { EngineNotifier } from '../notify/engine-notifier.js';
import type { EngineStore, StoredTransaction, TransactionIntent } from '../ports.js';
import { executionResult, observedOrder } from './execution-result.js';

/** Default wait between placing an order and looking it up (reference §2.5: "~10 s later"), ms. */
export const DEFAULT_CONFIRM_DELAY_MS = 10_000;

/** An order the engine decided to place. */
export interface OrderRequest {
  side: OrderSide;
  /** Base amount, decimal string > 0. */
  amount: string;
  intent: TransactionIntent;
}

export interface RunnerDeps {
  exchange: ExchangePort;
  store: EngineStore;
  notifier: EngineNotifier;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  confirmDelayMs: number;
}

/**
 * Drives transactions through core's model (reference §2.5). Crash-safety: the transaction is
 * saved BEFORE its order is placed and after every step, and every placement carries the client
 * order id derived from its id, so a restart (or a retry after an unknown outcome) looks the order
 * up instead of placing it twice. An exchange failure while looking up propagates with the
 * transaction still PROCESSING in the store; `resume` finishes it later.
 */
export class TransactionRunner {
  constructor(private readonly deps: RunnerDeps) {}

  /** Starts a transaction for `request` with the balances the decision used, and drives it to the end. */
  async execute(request: OrderRequest, balances: ExchangeBalances): Promise<StoredTransaction> {
    const { store, clock } = this.deps;
    const id = await store.reserveTransactionId();
    const tx = startTransaction({ id, side: request.side, amount: request.amount }, balances.free, clock());
    await store.saveTransaction(tx, request.intent);
    return this.drive(tx, request.intent, false);
  }

  /**
   * Finishes a stored PROCESSING transaction: first reconciles it with what the exchange holds under
   * its client order id (core's reconcile), then continues with the usual steps.
   */
  resume(stored: StoredTransaction): Promise<StoredTransaction> {
    return this.drive(stored.transaction, stored.intent, true);
  }

  private async drive(
    start: Transaction,
    intent: TransactionIntent,
    reconcileFirst: boolean,
  ): Promise<StoredTransaction> {
    const { exchange, clock } = this.deps;
    let tx = start;
    let next = nextStep(tx);
    if (reconcileFirst && next !== 'done') {
      const found = await exchange.orderByClientId(tx.clientOrderId);
      ({ transaction: tx, next } = await this.save(
        reconcile(tx, found && observedOrder(found), clock()),
        intent,
      ));
    }
    while (next !== 'done') {
      const step = next === 'place' ? await this.place(tx) : await this.confirm(tx);
      ({ transaction: tx, next } = await this.save(step, intent));
    }
    await this.announce(tx);
    return { transaction: tx, intent, positionId: null };
  }

  private async place(tx: Transaction): Promise<TransactionStep> {
    const { exchange, clock } = this.deps;
    let outcome: Parameters<typeof executionResult>[0];
    try {
      outcome = { order: await exchange.marketOrder(tx.side, tx.amount, tx.clientOrderId) };
    } catch (error) {
      outcome = { error };
    }
    return applyExecution(tx, executionResult(outcome), clock());
  }

  private async confirm(tx: Transaction): Promise<TransactionStep> {
    const { exchange, clock, sleep, confirmDelayMs } = this.deps;
    await sleep(confirmDelayMs);
    const found = await exchange.orderByClientId(tx.clientOrderId);
    const balances = await exchange.balances();
    return applyConfirmation(tx, found && observedOrder(found), balances.free, clock());
  }

  private async save(step: TransactionStep, intent: TransactionIntent): Promise<TransactionStep> {
    await this.deps.store.saveTransaction(step.transaction, intent);
    return step;
  }

  private async announce(tx: Transaction): Promise<void> {
    const what = `${tx.side === 'BUY' ? 'Buy' : 'Sell'} of ${tx.amount} BTC (transaction ${tx.id})`;
    const error = tx.logs.findLast((log) => log.error !== undefined)?.error;
    await this.deps.notifier.notify({
      sender: 'transaction',
      title: tx.status === 'SUCCEEDED' ? 'Transaction succeeded' : 'Transaction failed',
      description: tx.status === 'SUCCEEDED' || error === undefined ? what : `${what}: ${error}`,
    });
  }
}
