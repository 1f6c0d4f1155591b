import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../numbers/decimal.js';
import { MIN_ORDER_BASE } from '../strategy/constants.js';
import { buy, sell } from '../strategy/testing.js';
import { groupTradesIntoPositions } from './group.js';
import { baseDelta } from './ledger.js';
import type { Trade } from './types.js';

/** Property runs are fast (~0.1 s) but get room on a loaded 2-core machine; nothing asserts on time. */
const PROPERTY_TIMEOUT_MS = 30_000;

const ids = (groups: Trade[][]) => groups.map((group) => group.map((trade) => trade.id));
const held = (group: Trade[]) => group.reduce((sum, trade) => sum.plus(baseDelta(trade)), new Decimal(0));

describe('groupTradesIntoPositions (docs/strategy.md#positions)', () => {
  it('ignores leading sells, opens on a buy and closes below 0.0002 BTC', () => {
    const trades = [
      sell('1', 1, '100', '0.5'), // before any position: ignored
      buy('2', 2, '100', '0.01'), // opens
      sell('3', 3, '100', '0.0099'), // 0.0001 left < 0.0002 → closed
      sell('4', 4, '100', '0.2'), // no position again: ignored
      buy('5', 5, '100', '0.01'), // opens the active position
      sell('6', 6, '100', '0.0098'), // 0.0002 left, not < 0.0002: still active
    ];
    expect(ids(groupTradesIntoPositions(trades))).toEqual([
      ['2', '3'],
      ['5', '6'],
    ]);
  });

  it('replays by time then id, comparing integer ids as numbers', () => {
    const trades = [sell('10', 5, '100', '0.01'), buy('9', 5, '100', '0.01'), buy('100', 1, '100', '0.01')];
    // time 1: #100 opens (0.01); time 5: #9 before #10 (9 < 10 as numbers): 0.02, then 0.01 left.
    expect(ids(groupTradesIntoPositions(trades))).toEqual([['100', '9', '10']]);
  });

  it('counts BTC commissions when deciding the close', () => {
    // 0.001 − 0.0000009 fee = 0.0009991 held; selling 0.0008 leaves 0.0001991 < 0.0002 → closed
    const trades = [buy('1', 1, '100', '0.001', { commission: '0.0000009' }), sell('2', 2, '100', '0.0008')];
    expect(ids(groupTradesIntoPositions(trades))).toEqual([['1', '2']]);
  });

  it('keeps a dust first buy open until a sell closes it', () => {
    const trades = [buy('1', 1, '100', '0.0001'), buy('2', 2, '100', '0.001')];
    expect(ids(groupTradesIntoPositions(trades))).toEqual([['1', '2']]);
  });

  it('returns the caller objects and nothing for no trades', () => {
    const first = buy('1', 1, '100', '0.01');
    expect(groupTradesIntoPositions([first])[0]![0]).toBe(first);
    expect(groupTradesIntoPositions([])).toEqual([]);
  });

  it('rejects malformed trades', () => {
    const bad = { ...buy('1', 1, '100', '0.01'), amount: '-1' };
    expect(() => groupTradesIntoPositions([bad])).toThrow(
      expect.objectContaining({ errorName: 'INVALID_TRADE' }),
    );
  });

  it(
    'conserves trades (except ignored sells) and closes every closed group below the minimum',
    () => {
      const amount = fc.integer({ min: 1, max: 2_000 }).map((n) => new Decimal(n).shiftedBy(-5).toFixed());
      const arbitraryTrade = fc.record({ sell: fc.boolean(), amount, time: fc.integer({ min: 0, max: 50 }) });
      fc.assert(
        fc.property(fc.array(arbitraryTrade, { maxLength: 30 }), (specs) => {
          const trades = specs.map((s, i) => (s.sell ? sell : buy)(String(i), s.time, '100', s.amount));
          const groups = groupTradesIntoPositions(trades);
          const grouped = groups.flat();
          // No trade appears twice, each group starts with a buy.
          expect(new Set(grouped).size).toBe(grouped.length);
          for (const group of groups) expect(group[0]!.side).toBe('BUY');
          // Only sells are left out, and only sells made while no position was active.
          const left = trades.filter((trade) => !grouped.includes(trade));
          for (const trade of left) expect(trade.side).toBe('SELL');
          // Every group but the last ends with a sell leaving < 0.0002 BTC; no earlier sell did.
          groups.forEach((group, g) => {
            const closes = held(group).lt(MIN_ORDER_BASE) && group.at(-1)!.side === 'SELL';
            if (g < groups.length - 1) expect(closes).toBe(true);
            for (let end = 1; end < group.length; end += 1) {
              const prefix = group.slice(0, end);
              if (prefix.at(-1)!.side === 'SELL') expect(held(prefix).gte(MIN_ORDER_BASE)).toBe(true);
            }
          });
          // Every buy is in a group.
          expect(grouped.filter((t) => t.side === 'BUY').length).toBe(
            trades.filter((t) => t.side === 'BUY').length,
          );
        }),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
