import { describe, expect, it } from 'vitest';
import { SIMULATED_RULES } from '../adapters/simulator/simulated-exchange.js';
import { RUNTIME_KEYS } from './market/market-tracker.js';
import { LOCK_RETRY_MS } from './options.js';
import { harnessFixture, TEST_SETTINGS } from './testing/sim-harness.js';
import { CRASH_CLOSES, flat, minuteTable } from './testing/tables.js';

const FLAT = minuteTable(flat(30_000, 200));

const simHarness = harnessFixture();

describe('live engine: lifecycle', () => {
  it('a throwing listener or notifier never stops the engine', async () => {
    const harness = simHarness(FLAT, 128);
    const { time } = harness;
    const notifier = {
      notify(): Promise<void> {
        throw new Error('mail server down');
      },
    };
    const engine = harness.second({ notifier });
    const seen: number[] = [];
    engine.onTick(() => {
      throw new Error('listener bug');
    });
    const unsubscribe = engine.onTick((snapshot) => seen.push(snapshot.time));
    await engine.start();
    await engine.tick();
    time.advance(5_000);
    await engine.tick();
    expect((await engine.increase()).transaction.status).toBe('SUCCEEDED');
    unsubscribe();
    await engine.tick();
    expect(seen).toHaveLength(2);
    expect(engine.mode).toBe('trading');
    await engine.stop();
  });

  it('tells its market rules after the first tick, with the fee its simulated fills charge', async () => {
    const { engine } = simHarness(FLAT, 128);
    expect(engine.exchange).toMatchObject({ simulated: true, replay: true, rules: null });
    await engine.start();
    await engine.tick();
    expect(engine.exchange.rules).toEqual({
      ...SIMULATED_RULES,
      takerFee: '0.001', // the simulator's default 0.1 % fill fee as a rate
      buyFeeAsset: 'quote', // fill.ts charges it in the quote asset
    });
  });

  it('reads the settings every tick: a new refetch frequency schedules the next tick', async () => {
    const harness = simHarness(FLAT, 128);
    const { engine, store, time } = harness;
    await engine.start();
    await engine.tick();
    // The tick's timer, and the lock check's (every LOCK_RETRY_MS whatever the tick interval).
    expect(time.pending).toEqual([time.now + LOCK_RETRY_MS, time.now + 5_000]);
    store.setSettings({ window: { ...TEST_SETTINGS.window, refetchFrequency: 12.5 } });
    await engine.tick();
    expect(time.pending).toEqual([time.now + LOCK_RETRY_MS, time.now + 12_500]);
  });

  it('stop waits for the tick in flight, saves the runtime state and releases the lock', async () => {
    const harness = simHarness(FLAT, 128);
    const { engine, store, locks, time } = harness;
    await engine.start();
    const inFlight = engine.tick();
    await engine.stop();
    await expect(inFlight).resolves.toBeUndefined();
    expect(engine.snapshot()).not.toBeNull();
    expect([engine.mode, locks.held, time.pending]).toEqual(['stopped', false, []]);
    expect(await store.loadRuntime(RUNTIME_KEYS.coins)).toMatchObject({ symbols: ['BTC'] });
    await expect(engine.tick()).rejects.toMatchObject({ errorName: 'ENGINE_NOT_STARTED' });
  });

  it('a restart mid-crash keeps the crash and the coins windows, and buys once on the event', async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine, store, exchange, time } = harness;
    await engine.start();
    await harness.runUntil(153);
    const crashId = engine.snapshot()!.marketState.reversalState!.id;
    await engine.stop();
    time.advance(20_000);
    const restarted = harness.second();
    await restarted.start();
    await restarted.tick();
    // Same crash; BTC's 5 s coin window is still full (128 items), so its state is computed at once.
    expect(restarted.snapshot()!.marketState.reversalState!.id).toBe(crashId);
    expect(
      restarted.snapshot()!.marketState.coinsStates.quote.statesBySymbol.BTC!.splitStates.s100.change,
    ).not.toBe(0);
    await harness.runUntil(165, 5_000, restarted);
    expect(await exchange.trades(0)).toHaveLength(1);
    expect(store.crashes.size).toBe(1);
    await restarted.stop();
  });
});
