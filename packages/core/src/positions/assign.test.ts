import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../numbers/decimal.js';
import { buy, sell } from '../strategy/testing.js';
import { assignTrades } from './assign.js';
import { groupTradesIntoPositions } from './group.js';
import { baseDelta } from './ledger.js';
import type { Trade } from './types.js';

describe('assignTrades (incremental; docs/strategy.md#positions)', () => {
  it('adds to the active position, closes it, leaves a sell alone, opens the next on a buy', () => {
    const result = assignTrades('0.01', [
      sell('3', 3, '100', '0.0099'), // 0.01 − 0.0099 = 0.0001 < 0.0002 → closes position 0
      sell('4', 4, '100', '0.2'), // nothing active: unassigned
      buy('5', 5, '100', '0.01'), // opens position 1
    ]);
    expect(result.map((a) => [a.trade.id, a.position, a.closes])).toEqual([
      ['3', 0, true],
      ['4', -1, false],
      ['5', 1, false],
    ]);
  });

  it('numbers several positions opened in one batch', () => {
    const result = assignTrades(null, [
      buy('1', 1, '100', '0.01'),
      sell('2', 2, '100', '0.01'), // 0 left: closes position 1
      buy('3', 3, '100', '0.01'), // opens position 2
    ]);
    expect(result.map((a) => a.position)).toEqual([1, 1, 2]);
  });

  it('agrees with regrouping all trades, however the trades are split into batches', () => {
    const amount = fc.integer({ min: 1, max: 2_000 }).map((n) => new Decimal(n).shiftedBy(-5).toFixed());
    const spec = fc.record({ sell: fc.boolean(), amount });
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 30 }), fc.integer({ min: 0, max: 30 }), (specs, cut) => {
        const trades = specs.map((s, i) => (s.sell ? sell : buy)(String(i + 1), i + 1, '100', s.amount));
        const groups = groupTradesIntoPositions(trades).map((group) => group.map((t) => t.id));
        // First batch, then carry the active position's amount into the second batch.
        const first = assignTrades(null, trades.slice(0, cut));
        const lastOpened = Math.max(0, ...first.map((a) => a.position));
        const active = first.length > 0 && first.at(-1)!.position !== -1 && !first.at(-1)!.closes;
        const held = (list: Trade[]) => list.reduce((sum, t) => sum.plus(baseDelta(t)), new Decimal(0));
        const activeTrades = first.filter((a) => active && a.position === lastOpened).map((a) => a.trade);
        const second = assignTrades(active ? held(activeTrades).toFixed() : null, trades.slice(cut));
        const rebuilt: string[][] = [];
        const put = (index: number, id: string) => {
          rebuilt[index] = [...(rebuilt[index] ?? []), id];
        };
        for (const a of first) if (a.position > 0) put(a.position - 1, a.trade.id);
        // Position k of the second batch is the (lastOpened + k)-th position overall (0 = the active one).
        for (const a of second) {
          if (a.position === -1) continue;
          put(lastOpened - 1 + a.position, a.trade.id);
        }
        expect(rebuilt).toEqual(groups);
      }),
    );
  });
});
