import type { ExchangePort } from '../../ports/exchange.js';
import type { EngineNotifier } from '../notify/engine-notifier.js';
import type { EngineStore, TradeSyncResult } from '../ports.js';

/** Runtime key holding when the engine first started on this database (ms). */
export const FIRST_START_KEY = 'engine.firstStartedAt';

/** The words of a close this engine has no figures for (a trade made elsewhere closed it). */
export function closedNotice(id: string): { title: string; description: string } {
  return { title: 'Position closed', description: `Position ${id} closed` };
}

/** Account trades are pulled at least this often (docs/engine.md, Trade sync), ms. */
export const DEFAULT_TRADE_SYNC_MS = 60_000;

/**
 * Pulls account trades into the store (docs/engine.md, Trade sync: trades are the source of truth for
 * positions). It asks from the newest stored trade's time (inclusive; the store skips ids it has).
 * With none stored yet it asks from the time the engine first started on this database (kept under
 * FIRST_START_KEY), so an operator's older account history is never imported as positions.
 */
export class TradeSync {
  private firstStart: number | null = null;

  constructor(
    private readonly exchange: ExchangePort,
    private readonly store: EngineStore,
    private readonly notifier: EngineNotifier,
  ) {}

  /** Reads (or, on the very first start, records) the first start time. */
  async init(now: number): Promise<void> {
    const stored = await this.store.loadRuntime<number>(FIRST_START_KEY);
    if (typeof stored === 'number' && Number.isSafeInteger(stored)) {
      this.firstStart = stored;
      return;
    }
    await this.store.saveRuntime(FIRST_START_KEY, now);
    this.firstStart = now;
  }

  /**
   * `tellCloses` false leaves the closes to the caller, which tells them with the order that made
   * them (orders/announce.ts).
   */
  async sync(now: number, tellCloses = true): Promise<TradeSyncResult> {
    if (this.firstStart === null) await this.init(now);
    const since = (await this.store.lastExchangeTradeTime()) ?? this.firstStart!;
    const trades = await this.exchange.trades(since);
    const result = await this.store.addExchangeTrades(trades);
    for (const id of result.opened) {
      await this.notifier.notify({
        sender: 'position',
        title: 'Position opened',
        description: `Position ${id} opened`,
      });
    }
    if (tellCloses)
      for (const id of result.closed) await this.notifier.notify({ sender: 'position', ...closedNotice(id) });
    return result;
  }
}
