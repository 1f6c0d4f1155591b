import type { CandleSeries } from '@balancer/core';
import type { AppEssentials, MarketState, StreamEssentials } from './types';

/** A window of candles with ids 1…n (test data: one number per field, plain arithmetic). */
export function series(
  candles: readonly [id: number, open: number, high: number, low: number, close: number][],
): CandleSeries {
  return {
    id: candles.map((c) => c[0]),
    open: candles.map((c) => c[1]),
    high: candles.map((c) => c[2]),
    low: candles.map((c) => c[3]),
    close: candles.map((c) => c[4]),
  };
}

export function marketState(window: CandleSeries, bidDominance = 50): MarketState {
  return {
    windowState: { state: 0, splitStates: {}, window } as unknown as MarketState['windowState'],
    liquidityState: { bidDominance, neutral: false },
    coinsStates: { quote: {}, base: {} } as unknown as MarketState['coinsStates'],
  };
}

/** Full essentials as GET /data-join/app-essentials answers them (test data). */
export function essentials(overrides: Partial<AppEssentials> = {}): AppEssentials {
  return {
    serverTime: 1_000,
    version: {
      api: { running: { version: '1.0.0', sha: null, eventTime: null }, latest: null },
      gui: { running: { version: '1.0.0', sha: null, eventTime: null }, latest: null },
      updateAvailable: null,
    },
    unreadNotifications: 0,
    unreadAPIErrors: 0,
    user: { id: '1', nickname: 'root', authority: 5 },
    exchangeConfig: {
      name: 'simulated',
      simulated: true,
      replay: true,
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      mode: 'trading',
      venue: { id: 'simulator', displayName: 'Simulator', kind: 'simulator', sandbox: false },
      market: {
        symbol: 'BTC/USDT',
        amountStep: '0.00001',
        minAmount: '0.00001',
        minNotional: '5',
        priceStep: '0.01',
        takerFeePercent: '0.1',
        buyFeeAsset: 'BTC',
      },
    },
    marketState: marketState(
      series([
        [1, 10, 12, 9, 11],
        [2, 11, 13, 10, 12],
        [3, 12, 14, 11, 13],
      ]),
    ),
    position: null,
    plan: null,
    price: '13',
    marketTime: null,
    ...overrides,
  };
}

/** A stream event (test data): the last two candles of the window. */
export function streamUpdate(
  window: CandleSeries,
  overrides: Partial<StreamEssentials> = {},
): StreamEssentials {
  return {
    unreadNotifications: 0,
    unreadAPIErrors: 0,
    time: 2_000,
    price: String(window.close[window.close.length - 1]),
    mode: 'trading',
    marketState: marketState(window, 60),
    position: null,
    plan: null,
    ...overrides,
  };
}
