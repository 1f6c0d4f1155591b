import { buildPlan, equitySample, type MarketStateValue } from '@balancer/core';
import type { ExchangeBalances } from '../ports/exchange.js';
import type { EngineMode, EngineSnapshot, LivePosition } from './engine-types.js';
import type { MarketTick } from './market/market-tracker.js';
import { announceOrder } from './orders/announce.js';
import { automaticOrder, decisionBalances, strategyBalances } from './orders/decide.js';
import { type EngineParts, livePosition, marketAssets, positionFrom, settlePending } from './parts.js';
import type { EngineSettings } from './ports.js';
import { tickNotifications } from './tick-notifications.js';

/** Equity samples are kept one per minute (docs/trading-api.md, Equity). */
const EQUITY_SAMPLE_MS = 60_000;

/** What one tick produced. */
export interface TickResult {
  snapshot: EngineSnapshot;
  settings: EngineSettings;
}

/**
 * One tick of the live engine: settings → market state → balances → (holding the lock) pending
 * transactions settled, the automatic decision executed, trades synced when due → active position
 * at the tick's price (its price recorded) → plan → snapshot. Throws on any failure; the caller
 * backs off and keeps the last snapshot.
 */
export class EngineTick {
  private lastTradeSync: number | null = null;
  private previousWindowState: MarketStateValue | null = null;
  /** The minute of the last equity sample written: at most one write a minute. */
  private lastEquityMinute: number | null = null;

  constructor(
    private readonly parts: EngineParts,
    private readonly tradeSyncMs: number,
  ) {}

  async run(trading: boolean, mode: EngineMode): Promise<TickResult> {
    const { store, exchange, clock, tracker } = this.parts;
    const now = clock();
    const settings = await store.settings();
    const assets = await marketAssets(this.parts);
    const market = await tracker.update(settings, now, trading);
    // Only the trading engine speaks: a standby one would repeat every notification.
    if (trading) await tickNotifications(this.parts.notifier, market, this.previousWindowState);
    this.previousWindowState = market.state.windowState.state;
    let balances = await exchange.balances();
    if (trading) balances = await this.trade(settings, market, balances, now);
    const position = await livePosition(store, settings.strategy, market.price);
    if (trading && position !== null) await store.recordPositionPrice(position.id, now, market.price);
    if (trading) await this.recordEquity(now, strategyBalances(balances, assets), market.price);
    const plan = buildPlan({
      position,
      windowState: market.state.windowState,
      strongRequirement: settings.window.strongRequirement,
      crashActive: market.reversal.active !== null,
      price: market.price,
      balances: decisionBalances(balances, assets),
      now,
      strategy: settings.strategy,
    });
    if (trading && plan.increase.enabled && plan.increase.missingQuote !== '0') {
      await this.parts.notifier.dailyNotify('planner:deposit', {
        sender: 'planner',
        title: 'Deposit needed',
        description: `${plan.increase.missingQuote} ${assets.quote} more is needed for the next increase of ${plan.increase.amountQuote} ${assets.quote}`,
      });
    }
    const snapshot = {
      time: now,
      price: market.price,
      marketState: market.state,
      position,
      plan,
      balances,
      mode,
    };
    return { snapshot, settings };
  }

  /** The equity sample of the tick's free balances, written once per minute of market time. */
  private async recordEquity(
    now: number,
    balances: { quote: string; base: string },
    price: string,
  ): Promise<void> {
    const minute = Math.floor(now / EQUITY_SAMPLE_MS);
    if (minute === this.lastEquityMinute) return;
    await this.parts.store.recordEquity(equitySample(now, balances.quote, balances.base, price));
    this.lastEquityMinute = minute;
  }

  /** The trading part of a tick; returns the balances after any order. */
  private async trade(
    settings: EngineSettings,
    market: MarketTick,
    balances: ExchangeBalances,
    now: number,
  ): Promise<ExchangeBalances> {
    const { mutex, store, exchange, runner, tradeSync, clock } = this.parts;
    const assets = await marketAssets(this.parts);
    return mutex.run(async () => {
      // A stopping engine decides nothing more.
      if (this.parts.stop.requested) return balances;
      let current = balances;
      if ((await settlePending(this.parts)) > 0) current = await exchange.balances();
      const before = await store.activePosition(settings.strategy);
      const position: LivePosition | null = positionFrom(before, settings.strategy, market.price);
      const event = market.reversal.event;
      const decision = automaticOrder({
        reversalEvent:
          event === null ? null : { points: event.points, requirement: settings.reversal.pointsRequirement },
        windowState: market.state.windowState.state,
        position,
        price: market.price,
        balances: decisionBalances(current, assets),
        now,
        strategy: settings.strategy,
      });
      await this.increaseNotifications(decision.increase, assets.quote);
      if (decision.order !== null) {
        const executed = await runner.execute(decision.order, current);
        const synced = await tradeSync.sync(clock(), false);
        this.lastTradeSync = clock();
        const { strategy } = settings;
        await announceOrder(this.parts.notifier, {
          executed,
          before,
          synced,
          price: market.price,
          strategy,
          assets,
        });
        current = await exchange.balances();
      } else if (this.lastTradeSync === null || now - this.lastTradeSync >= this.tradeSyncMs) {
        await tradeSync.sync(now);
        this.lastTradeSync = now;
      }
      return current;
    });
  }

  private async increaseNotifications(
    decision: ReturnType<typeof automaticOrder>['increase'],
    quote: string,
  ): Promise<void> {
    if (decision === null) return;
    const low = decision.action !== 'none' && decision.lowBalance;
    const none = decision.action === 'none' && decision.reason === 'insufficient-balance';
    if (!low && !none) return;
    await this.parts.notifier.dailyNotify('planner:balance', {
      sender: 'planner',
      title: none ? 'Insufficient balance' : 'Low balance',
      description: none
        ? `A reversal event found too little free ${quote} to buy 0.0002 BTC; nothing was bought`
        : `A reversal event spent the whole free ${quote} balance, less than the configured increase amount`,
    });
  }
}
