import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPLIT_IDS } from '../types.js';
import { SPLIT_PERCENTAGES, splitSize } from './splits.js';
import { createSplitBuffer, splitState, windowState, windowStateAt } from './window-state.js';

const prices = (min: number, max: number) =>
  fc.array(fc.double({ min: 1, max: 200_000, noNaN: true }), { minLength: min, maxLength: max });
const requirements = { requirement: 0.025, strongRequirement: 0.85 };

describe('splitState: the known cases of docs/strategy.md#window', () => {
  it.each([
    [[1, 2, 3, 4], 0.5, 1.5, 2, 300], // (4 − 1)/1 × 100 = 300 ≥ 1.5
    [[1, 1.01, 1.02, 1.07], 5, 10, 1, 7], // (1.07 − 1) × 100 = 7; 5 ≤ 7 < 10
    [[1, 1.01, 1.02, 1.03], 5, 10, 0, 3], // 3 < 5
    [[1, 0.98, 0.95, 0.92], 1.55, 7.85, -2, -8], // −8 ≤ −7.85
    [[1, 0.98, 0.95, 0.97], 1.55, 7.85, -1, -3], // −7.85 < −3 ≤ −1.55
  ])('%j with %s / %s → state %s, change %s', (values, requirement, strong, state, change) => {
    expect(splitState(values, requirement, strong)).toEqual({ state, change });
  });
});

describe('windowState', () => {
  it('splits 128 values into 128 96 64 32 20 13 7 3', () => {
    expect(SPLIT_IDS.map((id) => splitSize(128, SPLIT_PERCENTAGES[id]))).toEqual([
      128, 96, 64, 32, 20, 13, 7, 3,
    ]);
  });

  it('computes each split from its own first value', () => {
    // 128 values 1..128; split s2 covers the last 3: pct(126, 128) = 2/126 × 100 = 1.587… → 1.59
    const values = Array.from({ length: 128 }, (_, index) => index + 1);
    const state = windowState(values, requirements);
    expect(state.splitStates.s100).toEqual({ state: 2, change: 12_700 }); // (128 − 1)/1 × 100
    expect(state.splitStates.s50).toEqual({ state: 2, change: 96.92 }); // last 64 are 65..128: 63/65 × 100 = 96.923…
    expect(state.splitStates.s2).toEqual({ state: 2, change: 1.59 });
    expect(state.state).toBe(2); // all 8 splits rise ≥ 0.85 %: mean 2
  });

  it('gives [1,2,3,4] state 1: splits of one value have no change', () => {
    // sizes 4 3 2 1 1 1 1 1: states 2 2 2 0 0 0 0 0, mean 6/8 = 0.75 → 1
    const state = windowState([1, 2, 3, 4], { requirement: 0.5, strongRequirement: 1.5 });
    expect(state.state).toBe(1);
    expect(state.splitStates.s75).toEqual({ state: 2, change: 100 }); // (4 − 2)/2 × 100
    expect(state.splitStates.s50).toEqual({ state: 2, change: 33.33 }); // (4 − 3)/3 × 100 = 33.333…
    expect(state.splitStates.s25).toEqual({ state: 0, change: 0 });
  });

  it('keeps split sizes at ceil(n × f) for every length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (length) => {
        for (const id of SPLIT_IDS) {
          const percentage = SPLIT_PERCENTAGES[id];
          const size = splitSize(length, percentage);
          // ceil(n × p / 100) in integers: the smallest size with size × 100 ≥ n × p
          expect(size * 100).toBeGreaterThanOrEqual(length * percentage);
          expect((size - 1) * 100).toBeLessThan(length * percentage);
          expect(size).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it('keeps every state within −2..2', () => {
    fc.assert(
      fc.property(prices(1, 300), (values) => {
        const state = windowState(values, requirements);
        expect([-2, -1, 0, 1, 2]).toContain(state.state);
        for (const id of SPLIT_IDS) expect([-2, -1, 0, 1, 2]).toContain(state.splitStates[id].state);
      }),
    );
  });

  it('round-trips through JSON unchanged', () => {
    fc.assert(
      fc.property(prices(1, 200), (values) => {
        const state = windowState(values, requirements);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
    );
  });

  it('agrees with the allocation-free windowStateAt on any slice', () => {
    const buffer = createSplitBuffer();
    fc.assert(
      fc.property(prices(1, 400), fc.nat(), fc.nat(), (values, a, b) => {
        const end = a % values.length;
        const length = (b % (end + 1)) + 1;
        const expected = windowState(values.slice(end - length + 1, end + 1), requirements);
        const state = windowStateAt(values, end, length, 0.025, 0.85, buffer);
        expect(state).toBe(expected.state);
        SPLIT_IDS.forEach((id, index) => {
          expect(buffer.changes[index]).toBe(expected.splitStates[id].change);
          expect(buffer.states[index]).toBe(expected.splitStates[id].state);
        });
      }),
    );
  });

  it('rejects empty, NaN and non-positive values with INVALID_WINDOW_VALUES (2504)', () => {
    for (const values of [[], [1, Number.NaN], [1, 0], [1, -2], [Number.POSITIVE_INFINITY], 'x']) {
      expect(() => windowState(values as number[], requirements)).toThrow(
        expect.objectContaining({ code: 2504 }),
      );
    }
    expect(() => windowStateAt([1, 2], 2, 1, 0.025, 0.85)).toThrow(expect.objectContaining({ code: 2504 }));
    expect(() => windowStateAt([1, 2], 1, 3, 0.025, 0.85)).toThrow(expect.objectContaining({ code: 2504 }));
    // 8 values: splits of 8 6 4 2 2 1 1 1 start at indices 0 2 4 6 6 7 7 7, index 1 is never read
    expect(() => windowStateAt([1, Number.NaN, 3, 4, 5, 6, 7, 8], 7, 8, 0.025, 0.85)).not.toThrow();
    expect(() => windowStateAt([Number.NaN, 2, 3], 2, 3, 0.025, 0.85)).toThrow(
      expect.objectContaining({ code: 2504 }),
    );
  });

  it('rejects bad requirements with INVALID_STATE_REQUIREMENTS (2505)', () => {
    for (const config of [
      { requirement: 1, strongRequirement: 1 },
      { requirement: 0, strongRequirement: 1 },
      { requirement: 1, strongRequirement: 200 },
      { requirement: Number.NaN, strongRequirement: 1 },
      null,
    ]) {
      expect(() => windowState([1, 2], config as never)).toThrow(expect.objectContaining({ code: 2505 }));
    }
  });
});
