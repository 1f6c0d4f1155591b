import { keyPermissions, type StandInKeyPermissions } from '../key-permissions.js';
import { KitAccount } from './account.js';
import { createClock, type KitClock } from './clock.js';
import { createFaultQueue, type FaultQueue } from './faults.js';
import type { FeePolicy, KitFault, KitMarket, KitRequestRecord } from './types.js';

/**
 * The exchange-neutral state of a stand-in, driven directly by tests: the account (balances,
 * books, orders, trades), the clock (with skew), the fault queue and the request log.
 */
export interface KitState {
  readonly account: KitAccount;
  readonly clock: KitClock;
  readonly faults: FaultQueue;
  readonly requests: KitRequestRecord[];
  /** What the test key may do, as the stand-in's key-permissions endpoint reports it. */
  permissions: StandInKeyPermissions;
  /** Queues a fault for the next request to a route ('POST /path', or '/path' for any method). */
  inject(target: string, fault: KitFault): void;
}

/** What every stand-in's start function takes; each documents its defaults. */
export interface StandInOptions {
  /** Port to listen on: 0 (the default) picks a free one. */
  port?: number;
  /** Server clock in epoch ms (default Date.now); `state.clock.skew` moves it. */
  now?: () => number;
  /** Free balances by asset (decimal strings). */
  balances?: Record<string, string>;
  /** Spot markets. */
  markets?: KitMarket[];
  /** What the test key may do (its key-permissions endpoint); default trade yes, withdraw no. */
  permissions?: Partial<StandInKeyPermissions>;
}

/** A running stand-in: base URL, its state, the test credentials it accepts, and close(). */
export interface StandInServer<Credentials> {
  url: string;
  port: number;
  state: KitState;
  credentials: Credentials;
  close(): Promise<void>;
}

export interface KitStateOptions {
  markets: KitMarket[];
  balances: Record<string, string>;
  feePolicy: FeePolicy;
  now?: () => number;
  nextOrderId: () => string;
  permissions?: Partial<StandInKeyPermissions> | undefined;
}

export function createKitState(options: KitStateOptions): KitState {
  const clock = createClock(options.now);
  const faults = createFaultQueue();
  const account = new KitAccount({
    markets: options.markets,
    balances: options.balances,
    feePolicy: options.feePolicy,
    now: clock.now,
    nextOrderId: options.nextOrderId,
  });
  return {
    account,
    clock,
    faults,
    requests: [],
    permissions: keyPermissions(options.permissions),
    inject: (target, fault) => faults.inject(target, fault),
  };
}

/**
 * A BTC market around `mid` (default 30000): three levels each side, 0.5, 0.5 and 1 BTC, one and
 * two ticks and ten units away from the mid; fees 0.1 % taker / 0.08 % maker unless given.
 */
export function btcMarket(
  quote: string,
  rules: Partial<Omit<KitMarket, 'symbol' | 'base' | 'quote' | 'book' | 'candles'>> & { mid?: number } = {},
): KitMarket {
  const mid = rules.mid ?? 30000;
  const level = (offset: number, qty: string): [string, string] => [(mid + offset).toFixed(2), qty];
  return {
    symbol: `BTC/${quote}`,
    base: 'BTC',
    quote,
    minAmount: rules.minAmount ?? '0.00001',
    amountStep: rules.amountStep ?? '0.00000001',
    priceStep: rules.priceStep ?? '0.1',
    minCost: rules.minCost ?? '0',
    takerFee: rules.takerFee ?? '0.001',
    makerFee: rules.makerFee ?? '0.0008',
    lastPrice: rules.lastPrice ?? mid.toFixed(2),
    book: {
      bids: [level(-1, '0.5'), level(-2, '0.5'), level(-10, '1')],
      asks: [level(1, '0.5'), level(2, '0.5'), level(10, '1')],
    },
    candles: {},
  };
}
