import {
  applyConfirmation,
  applyExecution,
  CodedError,
  describeOrderReason,
  formatBitcoin,
  nextStep,
  reconcile,
  startTransaction,
  type Transaction,
  type TransactionStep,
} from '@balancer/core';
import type {
  ExchangeBalances,
  ExchangeFill,
  ExchangeOrder,
  ExchangePort,
  OrderSide,
} from '../../ports/exchange.js';
import type { EngineNotifier } from '../notify/engine-notifier.js';
import type { EngineStore, StoredTransaction, TransactionIntent } from '../ports.js';
import { type EngineStop, type StopRun, stoppedWithOrderPending } from '../stop.js';
import { executionResult, observedOrder } from './execution-result.js';

/** Default wait between placing an order and looking it up (docs/engine.md, Orders and crash-safety), ms. */
export const DEFAULT_CONFIRM_DELAY_MS = 10_000;

/** A transaction driven to its end, with the fills the exchange last reported for its order. */
export interface ExecutedOrder extends StoredTransaction {
  /** The order's fills with their quote amounts and fees; empty when none was seen. */
  fills: ExchangeFill[];
  /** The exchange's order id and side as last seen, or null. */
  order: Pick<ExchangeOrder, 'exchangeOrderId' | 'clientOrderId' | 'side'> | null;
}

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
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  confirmDelayMs: number;
  stop: EngineStop;
  /** Whether the engine still holds the lock now (EngineLock.holds): checked right before placing. */
  mayPlace: () => boolean;
}

/**
 * Drives transactions through core's model (docs/engine.md, Orders and crash-safety). Crash-safety: the
 * transaction is saved BEFORE its order is placed and after every step, and every placement carries the
 * client order id derived from its id, so a restart (or a retry after an unknown outcome) looks the order
 * up instead of placing it twice. An exchange failure while looking up propagates with the transaction
 * still PROCESSING in the store; `resume` finishes it later.
 *
 * Stopping (docs/engine.md): once the engine's stop is requested no transaction starts or
 * resumes, the confirmation wait ends at once and the order gets one more look-up; a transaction
 * that this does not settle (it would need another look-up or another placement) is left
 * PROCESSING for start-up reconciliation, and once the stop abandons it nothing about it is saved.
 */
export class TransactionRunner {
  /** The transaction being driven, if any (one at a time: callers hold the order mutex). */
  private driving: string | null = null;
  /** The exchange's last answer about the order being driven (its fills carry the fees). */
  private seen: ExchangeOrder | null = null;

  constructor(private readonly deps: RunnerDeps) {}

  /** The id of the transaction in flight, or null. */
  get inFlight(): string | null {
    return this.driving;
  }

  /**
   * Starts a transaction for `request` with the balances the decision used, and drives it to the
   * end. A success is not announced here: the caller tells it once the trades are synced, with the
   * position's figures (orders/announce.ts); a failure is.
   */
  async execute(request: OrderRequest, balances: ExchangeBalances): Promise<ExecutedOrder> {
    const { store, clock, mayPlace } = this.deps;
    const run = this.running();
    // Checked before anything is written too: a lost lock refuses the order without leaving a row.
    if (!mayPlace()) throw new CodedError('ENGINE_LOCK_LOST', 'no order was started');
    const id = await store.reserveTransactionId();
    const tx = startTransaction({ id, side: request.side, amount: request.amount }, balances.free, clock());
    await store.saveTransaction(tx, request.intent);
    const stored = await this.drive(tx, request.intent, false, run, false);
    const seen = this.seen;
    this.seen = null;
    return { ...stored, fills: seen?.fills ?? [], order: seen };
  }

  /**
   * Finishes a stored PROCESSING transaction: first reconciles it with what the exchange holds under
   * its client order id (core's reconcile), then continues with the usual steps.
   */
  async resume(stored: StoredTransaction): Promise<StoredTransaction> {
    return this.drive(stored.transaction, stored.intent, true, this.running(), true);
  }

  /** The current run's stop signals; ENGINE_NOT_STARTED once the stop was requested. */
  private running(): StopRun {
    const run = this.deps.stop.current();
    if (run.requested.aborted) throw new CodedError('ENGINE_NOT_STARTED', 'the engine is stopping');
    return run;
  }

  private async drive(
    start: Transaction,
    intent: TransactionIntent,
    reconcileFirst: boolean,
    run: StopRun,
    announceSuccess: boolean,
  ): Promise<StoredTransaction> {
    this.driving = start.id;
    this.seen = null;
    try {
      return await this.steps(start, intent, reconcileFirst, run, announceSuccess);
    } finally {
      this.driving = null;
    }
  }

  private async steps(
    start: Transaction,
    intent: TransactionIntent,
    reconcileFirst: boolean,
    run: StopRun,
    announceSuccess: boolean,
  ): Promise<StoredTransaction> {
    const { exchange, clock } = this.deps;
    let tx = start;
    let next = nextStep(tx);
    if (reconcileFirst && next !== 'done') {
      const found = await exchange.orderByClientId(tx.clientOrderId);
      if (found) this.seen = found;
      ({ transaction: tx, next } = await this.save(
        reconcile(tx, found && observedOrder(found), clock()),
        intent,
        run,
      ));
    }
    // Whether a look-up finished after the stop was requested: the last one it allows.
    let lookedUpStopping = false;
    while (next !== 'done') {
      if (run.requested.aborted && (next === 'place' || lookedUpStopping)) {
        this.driving = null; // reported here: the stop has nothing left to report
        await this.leftForReconciliation(tx.id);
        throw stoppedWithOrderPending(tx.id);
      }
      const step = next === 'place' ? await this.place(tx) : await this.confirm(tx, run);
      if (next !== 'place' && run.requested.aborted) lookedUpStopping = true;
      ({ transaction: tx, next } = await this.save(step, intent, run));
    }
    if (announceSuccess || tx.status !== 'SUCCEEDED') await this.announce(tx, intent);
    return { transaction: tx, intent, positionId: null };
  }

  /** Tells the operator a transaction stays PROCESSING because the engine stopped during it. */
  async leftForReconciliation(id: string): Promise<void> {
    await this.deps.notifier.notify({
      sender: 'transaction',
      title: 'Transaction left for reconciliation',
      description: `The engine stopped while transaction ${id} was in flight: it stays processing and is reconciled with the exchange by its client order id at the next start`,
    });
  }

  private async place(tx: Transaction): Promise<TransactionStep> {
    const { exchange, clock, mayPlace } = this.deps;
    // Nothing is placed without the lock: the transaction stays PROCESSING (saved before) and the
    // instance that takes over reconciles it by its client order id (docs/failover.md).
    if (!mayPlace()) throw new CodedError('ENGINE_LOCK_LOST', `transaction ${tx.id} was not placed`);
    let outcome: Parameters<typeof executionResult>[0];
    try {
      const order = await exchange.marketOrder(tx.side, tx.amount, tx.clientOrderId);
      this.seen = order;
      outcome = { order };
    } catch (error) {
      outcome = { error };
    }
    return applyExecution(tx, executionResult(outcome), clock());
  }

  private async confirm(tx: Transaction, run: StopRun): Promise<TransactionStep> {
    const { exchange, clock, sleep, confirmDelayMs } = this.deps;
    await sleep(confirmDelayMs, run.requested);
    const found = await exchange.orderByClientId(tx.clientOrderId);
    if (found) this.seen = found;
    const balances = await exchange.balances();
    return applyConfirmation(tx, found && observedOrder(found), balances.free, clock());
  }

  private async save(
    step: TransactionStep,
    intent: TransactionIntent,
    run: StopRun,
  ): Promise<TransactionStep> {
    // Abandoned by the stop: the row keeps its last saved state for start-up reconciliation.
    if (run.abandoned.aborted) throw stoppedWithOrderPending(step.transaction.id);
    await this.deps.store.saveTransaction(step.transaction, intent);
    return step;
  }

  /** A failure, or a success finished by reconciliation (no position figures at hand). */
  private async announce(tx: Transaction, intent: TransactionIntent): Promise<void> {
    const what = `${tx.side === 'BUY' ? 'Buy' : 'Sell'} of ${formatBitcoin(tx.amount)} (transaction ${tx.id})`;
    const error = tx.logs.findLast((log) => log.error !== undefined)?.error;
    const why = `Why: ${describeOrderReason(intent.reason ?? null)}.`;
    await this.deps.notifier.notify({
      sender: 'transaction',
      title: tx.status === 'SUCCEEDED' ? 'Transaction succeeded' : 'Transaction failed',
      description: `${tx.status === 'SUCCEEDED' || error === undefined ? what : `${what}: ${error}`}.\n${why}`,
    });
  }
}
