import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSplitBuffer, windowStateAt } from './window-state.js';
import { splitStateAt, windowStatesAt } from './window-states-at.js';

/** Requirements as configs have them: 0.01–100 with 2 or 3 decimals, requirement < strong. */
const requirementPair = fc
  .tuple(fc.integer({ min: 10, max: 20_000 }), fc.integer({ min: 10, max: 99_990 }))
  .map(([a, b]) => {
    const requirement = a / 1000;
    return { requirement, strongRequirement: Math.min(100, requirement + b / 1000) };
  })
  .filter(({ requirement, strongRequirement }) => requirement < strongRequirement);

/** 2-decimal prices like candle closes. */
const price = fc.integer({ min: 1, max: 20_000_000 }).map((cents) => cents / 100);

/** The reference: `windowStateAt` with a buffer rounds every split's change exactly. */
function exact(values: ArrayLike<number>, end: number, length: number, r: number, s: number) {
  const buffer = createSplitBuffer();
  const state = windowStateAt(values, end, length, r, s, buffer);
  return { state, states: Array.from(buffer.states) };
}

function fast(values: ArrayLike<number>, end: number, length: number, r: number, s: number) {
  const states = new Int8Array(8);
  const state = windowStatesAt(values, end, length, r, s, states);
  // Without the split states the overall state may be decided from bounds alone: same answer.
  expect(windowStatesAt(values, end, length, r, s)).toBe(state);
  // One split alone (what the backtest's reversal reads) gives the same state as all 8 at once.
  for (let split = 0; split < 8; split++) {
    expect(splitStateAt(values, end, length, split, r, s)).toBe(states[split]);
  }
  return { state, states: Array.from(states) };
}

/**
 * A window whose split first values sit near ±requirement or ±strong from the last value: each
 * first value is last ÷ (1 + (±threshold + offset) / 100), rounded to 2 dp, offset within
 * ±0.02 %. These are the windows where rounding the change decides the state.
 */
const nearThresholds = fc
  .record({
    pair: requirementPair,
    last: fc.integer({ min: 100_000, max: 20_000_000 }).map((cents) => cents / 100),
    length: fc.integer({ min: 1, max: 300 }),
    picks: fc.array(
      fc.tuple(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: -2000, max: 2000 }).map((n) => n / 100_000),
      ),
      { minLength: 300, maxLength: 300 },
    ),
  })
  .map(({ pair, last, length, picks }) => {
    const values = picks.slice(0, length).map(([strong, up, offset]) => {
      const threshold = strong ? pair.strongRequirement : pair.requirement;
      const change = (up ? threshold : -threshold) + offset;
      // (a fall of ~100 % would need a first value near infinity: kept at 1000 × last)
      const factor = Math.max(0.001, 1 + change / 100);
      return Math.max(0.01, Math.round((last / factor) * 100) / 100);
    });
    values[length - 1] = last;
    return { ...pair, values };
  });

describe('windowStatesAt', () => {
  it('rounds a tie up like windowStateAt: 200 → 200.05 is +0.025 %, which is 0.03 at 2 dp', () => {
    // sizes for 2 values: 2 2 1 1 1 1 1 1; s100 and s75 change by 0.05 / 200 × 100 = 0.025 → 0.03
    // ≥ 0.03 gives state 1 (the plain double 0.025… alone would say 0); sum 2 → overall 0
    const states = new Int8Array(8);
    expect(windowStatesAt([200, 200.05], 1, 2, 0.03, 1, states)).toBe(0);
    expect(Array.from(states)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    // 199.95 is −0.025 % → −0.03 (ties away from zero): −1 for the two long splits
    expect(windowStatesAt([200, 199.95], 1, 2, 0.03, 1, states)).toBe(0);
    expect(Array.from(states)).toEqual([-1, -1, 0, 0, 0, 0, 0, 0]);
  });

  it('agrees with the exact windowStateAt on random prices and lengths', () => {
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 1, maxLength: 400 }),
        fc.nat(),
        fc.nat(),
        requirementPair,
        (values, a, b, { requirement, strongRequirement }) => {
          const end = a % values.length;
          const length = (b % (end + 1)) + 1;
          expect(fast(values, end, length, requirement, strongRequirement)).toEqual(
            exact(values, end, length, requirement, strongRequirement),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees with windowStateAt when every split is near a threshold', () => {
    fc.assert(
      fc.property(nearThresholds, ({ values, requirement, strongRequirement }) => {
        const end = values.length - 1;
        for (const length of [values.length, Math.ceil(values.length / 2)]) {
          expect(fast(values, end, length, requirement, strongRequirement)).toEqual(
            exact(values, end, length, requirement, strongRequirement),
          );
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees on exact ties at a threshold: the tie rounds up onto it', () => {
    // a = 200m, b = a + m(2k+1)/100: change = (2k+1)/200 %, a tie; it rounds to (k+1)/100.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 1999 }), (m, k) => {
        const a = 200 * m;
        const b = (100 * a + m * (2 * k + 1)) / 100; // one rounding: the double of that decimal
        const requirement = (k + 1) / 100; // exactly what the change rounds to
        const values = [a, a, a, b];
        const result = fast(values, 3, 4, requirement, requirement + 1);
        expect(result).toEqual(exact(values, 3, 4, requirement, requirement + 1));
        expect(result.states[0]).toBe(1); // s100: pct(a, b) rounds to the requirement itself
      }),
    );
  });

  it('agrees on extreme doubles (tiny, huge, overflowing ratios)', () => {
    const extreme = fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true });
    fc.assert(
      fc.property(fc.array(extreme, { minLength: 1, maxLength: 20 }), requirementPair, (values, pair) => {
        const end = values.length - 1;
        expect(fast(values, end, values.length, pair.requirement, pair.strongRequirement)).toEqual(
          exact(values, end, values.length, pair.requirement, pair.strongRequirement),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('rejects what windowStateAt rejects, with the same error', () => {
    const cases: [ArrayLike<number>, number, number, number, number][] = [
      [[1, 2], 2, 1, 0.025, 0.85], // end past the values
      [[1, 2], 1, 3, 0.025, 0.85], // longer than the values
      [[1, 2], 1, 1.5, 0.025, 0.85], // fractional length
      [[Number.NaN, 2, 3], 2, 3, 0.025, 0.85], // s100's first value
      [[1, 2, Number.POSITIVE_INFINITY], 2, 3, 0.025, 0.85], // the last value
      [[1, 2, -3, 4], 3, 4, 0.025, 0.85], // s2's first value (index 2)
      [[1, 2], 1, 2, 1, 1], // requirement not below strong
      [[1, 2], 1, 2, 0, 1], // requirement below 0.01
    ];
    for (const [values, end, length, r, s] of cases) {
      let expected: unknown;
      try {
        windowStateAt(values, end, length, r, s, createSplitBuffer());
      } catch (error) {
        expected = error;
      }
      expect(expected).toBeInstanceOf(Error);
      expect(() => windowStatesAt(values, end, length, r, s)).toThrow(expected as Error);
      expect(() => windowStatesAt(values, end, length, r, s, new Int8Array(8))).toThrow(
        expect.objectContaining({ code: (expected as { code: number }).code }),
      );
    }
    // 8 values: splits start at indices 0 2 4 6 6 7 7 7, index 1 is never read; from 1, 3, 5, 7,
    // 7 to 8 the changes are ≥ 0.85 % (states 2), the last three splits are one value (0):
    // sum 10 → mean 1.25 → state 1
    expect(windowStatesAt([1, Number.NaN, 3, 4, 5, 6, 7, 8], 7, 8, 0.025, 0.85)).toBe(1);
  });
});
