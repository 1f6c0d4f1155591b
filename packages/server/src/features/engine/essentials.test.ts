import { neutralWindowState } from '@balancer/core';
import type { EngineSnapshot } from '@balancer/engine';
import { describe, expect, it } from 'vitest';
import { appEssentials, positionView, sliceMarketState, streamEssentials } from './essentials.js';

const window = {
  id: [0, 900_000, 1_800_000, 2_700_000],
  open: [100, 101, 102, 103],
  high: [101, 102, 103, 104],
  low: [99, 100, 101, 102],
  close: [101, 102, 103, 104],
};

const snapshot: EngineSnapshot = {
  time: 3_600_000,
  price: '104',
  marketState: {
    windowState: { ...neutralWindowState(), window },
    liquidityState: { bidDominance: 55.5, neutral: false },
    coinsStates: { quote: { state: 0, statesBySymbol: {} }, base: { state: 0, statesBySymbol: {} } },
  },
  position: null,
  plan: null,
  balances: { free: { BTC: '0', USDT: '1000' }, time: 3_600_000 },
  mode: 'trading',
};

describe('essentials', () => {
  it('cuts the window to its last candles and leaves the rest alone', () => {
    const sliced = sliceMarketState(snapshot.marketState, 2);
    expect(sliced.windowState.window).toEqual({
      id: [1_800_000, 2_700_000],
      open: [102, 103],
      high: [103, 104],
      low: [101, 102],
      close: [103, 104],
    });
    expect(sliced.liquidityState).toBe(snapshot.marketState.liquidityState);
    expect(snapshot.marketState.windowState.window.id).toHaveLength(4); // not mutated
  });

  it('streams the compact form without serverTime (the client keeps version, user, exchange)', () => {
    const event = streamEssentials(snapshot, { unreadNotifications: 2, unreadAPIErrors: 1 });
    expect(event).not.toHaveProperty('serverTime');
    expect(event.unreadNotifications).toBe(2);
    expect(event.marketState.windowState.window.id).toEqual([1_800_000, 2_700_000]);
  });

  it('gives the full essentials, with nulls before the first tick', () => {
    const base = {
      now: 42,
      version: {
        api: { running: { version: '0.1.0', sha: null, eventTime: null }, latest: null },
        gui: { running: { version: '0.1.0', sha: null, eventTime: null }, latest: null },
        updateAvailable: null,
      },
      user: { id: 'u', nickname: 'root', authority: 5 },
      counts: { unreadNotifications: 0, unreadAPIErrors: 0 },
      exchange: {
        name: 'simulated',
        simulated: true,
        replay: true,
        baseAsset: 'BTC',
        quoteAsset: 'USDT',
        mode: 'trading',
        venue: { id: 'simulator', displayName: 'Simulator', kind: 'simulator' as const, sandbox: false },
        market: null,
      },
    };
    const full = appEssentials({ ...base, snapshot });
    expect(full.serverTime).toBe(42);
    expect(full.version).toBe(base.version);
    expect(full.marketState?.windowState.window.id).toHaveLength(4);
    const early = appEssentials({ ...base, snapshot: null });
    expect(early.marketState).toBeNull();
    expect(early.position).toBeNull();
    expect(early.exchangeConfig.simulated).toBe(true);
  });

  it('shows the active position in the shape of GET /position/record/:id', () => {
    const actions = {
      increases: [{ txID: '7', eventTime: 1, nextEventTime: 2 }],
      decreases: [[], [], [], [], []],
    };
    const live = {
      id: '12',
      open: 1,
      close: null,
      entryPrice: '100',
      amount: '0.5',
      amountQuote: '52',
      amountQuoteIn: '50',
      amountQuoteOut: '0',
      pnl: '2',
      roi: 4,
      gain: 4,
      decreasePriceLevels: ['101.5', '103.5', '105.5', '107.5', '110'],
      actions,
    };
    expect(positionView(live, '104')).toEqual({
      id: 12,
      open: 1,
      close: null,
      archived: false,
      price: '104',
      entry_price: '100',
      gain: 4,
      amount: '0.5',
      amount_quote: '52',
      amount_quote_in: '50',
      amount_quote_out: '0',
      pnl: '2',
      roi: 4,
      increase_actions: actions.increases,
      decrease_actions: actions.decreases,
      decrease_price_levels: ['101.5', '103.5', '105.5', '107.5', '110'],
    });
    expect(
      streamEssentials({ ...snapshot, position: live }, { unreadNotifications: 0, unreadAPIErrors: 0 })
        .position,
    ).toMatchObject({ id: 12, entry_price: '100' });
    expect(positionView(null, '104')).toBeNull();
  });
});
