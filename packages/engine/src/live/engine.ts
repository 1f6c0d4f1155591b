import { CodedError } from '@balancer/core';
import type { ExchangeBalances, MarketRules } from '../ports/exchange.js';
import { Backoff, failureText } from './backoff.js';
import type { Engine, EngineExchangeInfo, EngineMode, EngineSnapshot } from './engine-types.js';
import { TickListeners } from './listeners.js';
import { type ManualRequest, runManual } from './manual.js';
import { MarketTracker } from './market/market-tracker.js';
import { EngineNotifier } from './notify/engine-notifier.js';
import { type LiveEngineOptions, LOCK_RETRY_MS, readOptions } from './options.js';
import { Mutex } from './orders/mutex.js';
import { TransactionRunner } from './orders/runner.js';
import { type EngineParts, settlePending } from './parts.js';
import type { StoredTransaction } from './ports.js';
import { EngineStop } from './stop.js';
import { EngineTick } from './tick.js';
import { TradeSync } from './trades/trade-sync.js';

/**
 * The live engine (docs/engine.md). Modes: `trading` holds the lock and places orders; `standby`
 * (lock held elsewhere) computes market state only and tries the lock every second (wall time, on
 * its scheduler, whatever the tick interval), while a trading engine checks every second that it
 * still holds it (docs/failover.md); `backing-off`
 * after a failed tick (3 s doubling to 60 s, or the exchange's Retry-After); `reconciling` while
 * PROCESSING transactions are settled. `tick()` runs one tick; `start()` schedules them every
 * window.refetchFrequency seconds (read each tick).
 */
function isLockLost(error: unknown): boolean {
  return error instanceof CodedError && error.errorName === 'ENGINE_LOCK_LOST';
}

export class LiveEngine implements Engine {
  private readonly options: ReturnType<typeof readOptions>;
  private readonly parts: EngineParts;
  private readonly ticker: EngineTick;
  private readonly backoff = new Backoff();
  private readonly listeners: TickListeners;
  private currentMode: EngineMode = 'starting';
  private running = false;
  private holdsLock = false;
  /** True once this run found the lock held elsewhere: acquiring it later is a takeover. */
  private sawOtherHolder = false;
  private locking: Promise<void> | null = null;
  /**
   * The settling of the PROCESSING transactions after the lock was taken, while it runs. It runs
   * beside the ticks (docs/failover.md): an order the old leader left at the exchange may take
   * its confirmation delay and more to settle, and the ticks (the stream) go on meanwhile.
   */
  private reconciling: Promise<void> | null = null;
  private cancelLockTimer: (() => void) | null = null;
  private last: EngineSnapshot | null = null;
  private ticking: Promise<void> | null = null;
  private cancelTimer: (() => void) | null = null;
  private refetchMs = 3_000;

  constructor(input: LiveEngineOptions) {
    this.options = readOptions(input);
    const { logger } = this.options;
    this.listeners = new TickListeners((error) =>
      logger.error({ err: error }, 'a tick listener threw; the engine goes on'),
    );
    const { exchange, store, clock, wallClock, schedule, confirmDelayMs } = this.options;
    const notifier = new EngineNotifier(this.options.notifier, clock, wallClock);
    const sleep = (ms: number, signal?: AbortSignal) => schedule.sleep(ms, signal);
    const stop = new EngineStop();
    this.parts = {
      exchange,
      store,
      notifier,
      clock,
      tracker: new MarketTracker(exchange, store, wallClock),
      runner: new TransactionRunner({
        exchange,
        store,
        notifier,
        clock,
        sleep,
        confirmDelayMs,
        stop,
        mayPlace: () => this.options.lock.holds(),
      }),
      tradeSync: new TradeSync(exchange, store, notifier),
      mutex: new Mutex(),
      stop,
      rules: null,
    };
    this.ticker = new EngineTick(this.parts, this.options.tradeSyncMs);
  }

  /**
   * The exchange's name and market; the assets are BTC/USDT and the rules null until the first
   * tick reads the market rules.
   */
  get exchange(): EngineExchangeInfo {
    const { exchange } = this.options;
    const { rules } = this.parts;
    return {
      name: exchange.name,
      simulated: exchange.simulated,
      replay: exchange.marketClock !== undefined,
      baseAsset: rules?.base ?? 'BTC',
      quoteAsset: rules?.quote ?? 'USDT',
      rules: rulesWithFillFee(rules, exchange.simulatedFillFee),
    };
  }

  get mode(): EngineMode {
    return this.currentMode;
  }

  get leading(): boolean {
    return this.holdsLock && this.options.lock.holds();
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.parts.stop.reset();
    this.currentMode = 'starting';
    await this.parts.tradeSync.init(this.options.clock());
    await this.tryLock();
    this.schedule(this.backoff.failing ? this.backoff.delay : 0);
    this.scheduleLockCheck();
    // Start-up still settles before it resolves; the first ticks (market only) run meanwhile.
    await this.reconciling;
  }

  /**
   * Stops ticking and waits up to `stopGraceMs` for the tick and the order in flight; an order the
   * exchange has not settled by then is abandoned, left PROCESSING for start-up reconciliation
   * (docs/engine.md, "Stopping"). Then saves the runtime state and releases the lock.
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.cancelLockTimer?.();
    this.cancelLockTimer = null;
    const { stop, mutex, runner } = this.parts;
    stop.request();
    const settled = Promise.all([this.ticking, this.locking, this.reconciling, mutex.idle()]);
    if (!(await this.within(settled, this.options.stopGraceMs))) {
      const left = runner.inFlight;
      stop.abandon(left);
      if (left !== null) await runner.leftForReconciliation(left);
    }
    if (this.holdsLock) await this.parts.tracker.save().catch(() => undefined);
    // Released on standby too: it closes the connection the lock attempts kept open.
    await this.options.lock.release();
    this.holdsLock = false;
    this.currentMode = 'stopped';
  }

  snapshot(): EngineSnapshot | null {
    return this.last;
  }

  onTick(listener: (snapshot: EngineSnapshot) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Runs one tick now (a tick already in flight is joined, not doubled). */
  tick(): Promise<void> {
    if (!this.running) return Promise.reject(new CodedError('ENGINE_NOT_STARTED'));
    this.ticking ??= this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** The operator's increase; `by` (their nickname) is kept in the order's reason. */
  increase(by: string | null = null): Promise<StoredTransaction> {
    return this.manual({ kind: 'increase', by });
  }

  /** The operator's decrease of `percentage` %; `by` as for increase. */
  decrease(percentage: number, by: string | null = null): Promise<StoredTransaction> {
    return this.manual({ kind: 'decrease', percentage, by });
  }

  /**
   * A manual order at the last tick's price. Without a snapshot yet (a leader that took the lock
   * during its first tick) the tick in flight is waited for: it is the market price this engine
   * is fetching, so the order goes at once instead of answering ENGINE_NO_MARKET_DATA.
   */
  private async manual(request: ManualRequest): Promise<StoredTransaction> {
    this.assertTrading();
    if (this.last === null && this.ticking !== null) await this.ticking;
    return this.parts.stop.guard(runManual(this.parts, this.last, request));
  }

  balances(): Promise<ExchangeBalances> {
    return this.options.exchange.balances();
  }

  async syncTrades(): Promise<void> {
    this.assertTrading();
    await this.parts.stop.guard(this.parts.mutex.run(() => this.parts.tradeSync.sync(this.options.clock())));
  }

  private assertTrading(): void {
    if (!this.running) throw new CodedError('ENGINE_NOT_STARTED');
    if (!this.holdsLock) throw new CodedError('ENGINE_STANDBY');
  }

  /**
   * Tries the lock; on success starts settling every PROCESSING transaction (mode reconciling:
   * no decision until it is done) and returns without waiting for it, so the ticks go on.
   */
  private async tryLock(): Promise<void> {
    this.holdsLock = await this.options.lock.tryAcquire();
    if (!this.holdsLock) {
      this.sawOtherHolder = true;
      this.currentMode = 'standby';
      return;
    }
    if (!this.running) {
      // stop() came while the lock was being taken: give it back.
      this.holdsLock = false;
      await this.options.lock.release();
      return;
    }
    this.currentMode = 'reconciling';
    const reconciling = this.reconcile().finally(() => {
      if (this.reconciling === reconciling) this.reconciling = null;
    });
    this.reconciling = reconciling;
  }

  /**
   * Settles the PROCESSING transactions under the order mutex, then trades and, when another
   * instance held the lock before, tells the operator of the takeover. A failure backs off; the
   * next trading tick settles them again before any decision.
   */
  private async reconcile(): Promise<void> {
    try {
      const settled = await this.parts.mutex.run(() => settlePending(this.parts));
      // The lock lost or a stop meanwhile: nothing to announce.
      if (!this.holdsLock || !this.running) return;
      this.currentMode = 'trading';
      if (this.sawOtherHolder) await this.announceTakeover(settled);
      this.sawOtherHolder = false;
    } catch (error) {
      if (this.holdsLock && this.running && !isLockLost(error)) await this.failed(error);
    }
  }

  private async announceTakeover(settled: number): Promise<void> {
    await this.parts.notifier.notify({
      sender: 'exchange',
      title: 'Engine took over',
      description: `Engine took over on ${this.options.instance}: the instance that traded before stopped or lost its database connection; ${settled} unfinished transaction${settled === 1 ? '' : 's'} reconciled first`,
    });
  }

  /**
   * Every LOCK_RETRY_MS, between ticks: a trading engine whose lock may be lost (EngineLock.holds)
   * goes to standby at once; an engine on standby tries the lock (docs/failover.md).
   */
  private scheduleLockCheck(): void {
    if (!this.running) return;
    this.cancelLockTimer = this.options.schedule.timer(LOCK_RETRY_MS, () => {
      void this.checkLock().finally(() => this.scheduleLockCheck());
    });
  }

  private async checkLock(): Promise<void> {
    if (!this.running) return;
    if (this.holdsLock) {
      if (!this.options.lock.holds()) await this.lockLost();
      return;
    }
    // A tick in flight tries the lock itself.
    if (this.ticking !== null || this.locking !== null) return;
    this.locking = this.tryLock()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'engine lock attempt failed'))
      .finally(() => {
        this.locking = null;
      });
    await this.locking;
  }

  /**
   * The lock can be lost without the engine asking (its database connection dropped or went
   * silent): from then on the runner places nothing (it checks the lock right before each order),
   * and the engine goes to standby and gives the lock's session up, so another instance may take
   * over.
   */
  private async lockLost(): Promise<void> {
    if (!this.holdsLock) return;
    this.holdsLock = false;
    this.currentMode = 'standby';
    if (this.last !== null) this.last = { ...this.last, mode: 'standby' };
    await this.options.lock.release().catch(() => undefined);
    await this.parts.notifier.notify({
      sender: 'exchange',
      title: 'Engine lock lost',
      description:
        'The database connection holding the engine lock dropped or stopped answering; this instance stopped trading and will try again',
    });
  }

  private async runTick(): Promise<void> {
    try {
      if (this.locking !== null) await this.locking;
      if (this.holdsLock && !this.options.lock.holds()) await this.lockLost();
      if (!this.holdsLock) await this.tryLock();
      // While the lock's first reconciliation runs, the tick tracks the market only.
      const trading = this.holdsLock && this.reconciling === null;
      const mode: EngineMode = this.holdsLock ? (trading ? 'trading' : 'reconciling') : 'standby';
      const { snapshot, settings } = await this.ticker.run(trading, mode);
      this.refetchMs = Math.round(settings.window.refetchFrequency * 1000);
      // The lock may have been lost, or the reconciliation ended, during the tick.
      if (!this.holdsLock) this.currentMode = 'standby';
      else this.currentMode = this.reconciling === null ? 'trading' : 'reconciling';
      this.last = snapshot;
      if (this.backoff.succeed() && this.holdsLock) {
        await this.parts.notifier.notify({
          sender: 'exchange',
          title: 'Exchange reachable again',
          description: 'The engine is back to normal ticks',
        });
      }
    } catch (error) {
      // A tick cut short by stop() is no outage, nor one whose order the lost lock refused.
      if (this.holdsLock && !this.options.lock.holds()) await this.lockLost();
      else if (this.running && !isLockLost(error)) await this.failed(error);
    }
    this.listeners.publish(this.last);
    this.schedule(this.backoff.failing ? this.backoff.delay : this.refetchMs);
  }

  private async failed(error: unknown): Promise<void> {
    this.currentMode = 'backing-off';
    this.parts.tracker.resetWindow();
    if (this.last !== null) this.last = { ...this.last, mode: 'backing-off' };
    if (this.backoff.fail(error) && this.holdsLock) {
      await this.parts.notifier.notify({
        sender: 'exchange',
        title: 'Engine backing off',
        description: `A tick failed: ${failureText(error)}. Retrying from ${this.backoff.delay / 1000} s up to 60 s apart`,
      });
    }
  }

  /** True when `work` settles within `ms` (on the engine's scheduler), false when time runs out first. */
  private within(work: Promise<unknown>, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const cancel = this.options.schedule.timer(ms, () => resolve(false));
      void work.then(() => {
        cancel();
        resolve(true);
      });
    });
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.cancelTimer?.();
    this.cancelTimer = this.options.schedule.timer(ms, () => {
      this.tick().catch(() => undefined);
    });
  }
}

/**
 * The rules with the fee the engine's orders are charged: where the adapter fills them itself
 * (simulator, paper) its own fee, in the quote asset, not the one the exchange's markets report.
 */
function rulesWithFillFee(rules: MarketRules | null, fillFee: string | undefined): MarketRules | null {
  if (rules === null || fillFee === undefined) return rules;
  return { ...rules, takerFee: fillFee, buyFeeAsset: 'quote' };
}
