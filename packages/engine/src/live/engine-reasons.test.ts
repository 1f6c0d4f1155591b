import { DEFAULT_STRATEGY_CONFIG, describeOrderReason } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { harnessFixture } from './testing/sim-harness.js';
import { CRASH_CLOSES, flat, minuteTable, trend } from './testing/tables.js';

const simHarness = harnessFixture();

// 135 flat minutes at 30,000, then a rally of +2 %/min for 10 minutes, then flat.
const RALLY = [...flat(30_000, 135), ...trend(30_000, 2, 10), ...flat(36_569.83, 20)];

describe('live engine: every order stores the reason it was decided for', () => {
  it('an automatic buy on a reversal event stores the event, its points and the requirement', async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine, store, notifier, exchange } = harness;
    await engine.start();
    await harness.runUntil(165);
    const [stored] = [...store.transactions.values()];
    const crash = [...store.crashes.values()][0]!;
    const requirement = (await store.settings()).reversal.pointsRequirement;
    expect(stored!.intent.reason).toMatchObject({
      rule: 'reversal-event',
      action: 'open',
      requirement,
      gain: null,
      amountBase: stored!.transaction.amount,
    });
    const reason = stored!.intent.reason!;
    if (reason.rule !== 'reversal-event') throw new Error('not a reversal reason');
    expect(reason.points).toBeGreaterThanOrEqual(requirement);
    expect(crash.reversalEventTime).not.toBeNull();
    // The notification tells the fill: amount, price, quote amount, fee and the reason's words.
    const [buy] = await exchange.trades(0);
    const note = notifier.notes.find((n) => n.sender === 'transaction')!;
    expect(note.title).toBe('Transaction succeeded');
    expect(note.description).toContain(`Bought ₿${Number(buy!.amount).toFixed(8)} at `);
    expect(note.description).toMatch(/at [\d,]+\.\d\d USDT for [\d,]+\.\d\d USDT, fee /);
    expect(note.description).toContain(`Why: ${describeOrderReason(reason)}.`);
    expect(note.description).not.toContain('$');
  });

  it('manual and level sells store their rule; a sell tells its profit and ROI; the close its result', async () => {
    const harness = simHarness(minuteTable(RALLY), 128);
    const { engine, store, notifier } = harness;
    await engine.start();
    await engine.tick();
    const opened = await engine.increase('alice');
    expect(opened.intent.reason).toMatchObject({ rule: 'manual', side: 'BUY', by: 'alice' });
    await harness.runUntil(148);
    const sells = [...store.transactions.values()].filter((s) => s.transaction.side === 'SELL');
    expect(sells.length).toBeGreaterThanOrEqual(4);
    const first = sells[0]!.intent.reason!;
    const level = DEFAULT_STRATEGY_CONFIG.decreaseLevels[0]!;
    expect(first).toMatchObject({
      rule: 'decrease-level',
      level: 1,
      requirement: level.gainRequirement,
      share: level.percentage,
      amountBase: sells[0]!.transaction.amount,
    });
    if (first.rule !== 'decrease-level') throw new Error('not a level reason');
    expect(first.gain).toBeGreaterThanOrEqual(level.gainRequirement);
    const sellNotes = notifier.notes.filter((n) => n.description.startsWith('Sold '));
    expect(sellNotes).toHaveLength(sells.length);
    expect(sellNotes[0]!.description).toContain(`Why: ${describeOrderReason(first)}.`);
    // Sold above the entry: a profit, and the position's ROI after the sell.
    expect(sellNotes[0]!.description).toMatch(
      /Realised profit \+\d+\.\d\d USDT; position ROI \+\d+\.\d\d%\./,
    );
    // The operator sells the rest: the reason names them, the close tells its result and duration.
    const last = await engine.decrease(100, 'alice');
    expect(describeOrderReason(last.intent.reason!)).toBe(
      'Manual sell by alice: sold the whole position (too small to sell in parts)',
    );
    const closed = notifier.notes.filter((n) => n.title === 'Position closed');
    expect(closed).toHaveLength(1);
    expect(closed[0]!.description).toMatch(
      /^Position 1 closed after \d+ min: profit \+\d+\.\d\d USDT, ROI \+\d+\.\d\d% on [\d,]+\.\d\d USDT invested\.$/,
    );
  });
});
