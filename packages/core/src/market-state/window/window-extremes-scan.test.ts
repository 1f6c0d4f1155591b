import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanWindowExtremes } from './window-extremes-scan.js';
import { windowStatesAt } from './window-states-at.js';

/** The reference: windowStatesAt's state of every end, reduced to 2, −2 or 0. */
function reference(values: Float64Array, from: number, to: number, length: number, r: number, s: number) {
  const out: number[] = [];
  for (let end = from; end < to; end++) {
    const state = windowStatesAt(values, end, length, r, s);
    out.push(state === 2 || state === -2 ? state : 0);
  }
  return out;
}

function scan(values: Float64Array, from: number, to: number, length: number, r: number, s: number) {
  const out = new Int8Array(to - from);
  scanWindowExtremes(values, from, to, length, r, s, out);
  return Array.from(out);
}

/**
 * 2-dp price walks whose steps are a few hundredths of a % up to a few %, with requirements
 * drawn as configs have them: over short windows the split changes keep crossing ±requirement
 * and ±strong, and many land within the 0.005 % rounding band of a threshold.
 */
const walk = fc
  .record({
    requirement: fc.integer({ min: 10, max: 500 }).map((n) => n / 1000),
    extra: fc.integer({ min: 10, max: 3000 }).map((n) => n / 1000),
    start: fc.integer({ min: 100, max: 10_000_000 }),
    length: fc.integer({ min: 1, max: 40 }),
    steps: fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 60, maxLength: 200 }),
    scale: fc.constantFrom(1e-4, 1e-3, 1e-2),
  })
  .map(({ requirement, extra, start, length, steps, scale }) => {
    let cents = start;
    const values = new Float64Array(steps.length);
    steps.forEach((step, i) => {
      cents = Math.max(1, Math.round(cents * (1 + step * scale * 0.01)));
      values[i] = cents / 100;
    });
    return { values, length, r: requirement, s: requirement + extra };
  });

describe('scanWindowExtremes', () => {
  it('marks exactly the windows windowStatesAt gives 2 or −2, over random walks', () => {
    fc.assert(
      fc.property(walk, ({ values, length, r, s }) => {
        const from = length - 1;
        expect(scan(values, from, values.length, length, r, s)).toEqual(
          reference(values, from, values.length, length, r, s),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('agrees on windows a rounding decides: changes of exactly ±0.845 % … ±0.855 % with s = 0.85', () => {
    // last = 100; first prices 100 / (1 ± c / 100) rounded to 2 dp, c around the strong threshold.
    const firsts = [99.15, 99.16, 99.157, 100.85, 100.86, 100.855, 99.153, 100.857];
    const values = new Float64Array([...firsts, ...firsts, 100, 100.01, 99.99, 100]);
    const r = 0.025;
    const s = 0.85;
    for (const length of [2, 3, 8, 12, 16]) {
      const from = length - 1;
      expect(scan(values, from, values.length, length, r, s)).toEqual(
        reference(values, from, values.length, length, r, s),
      );
    }
  });

  it('marks the strong rises and falls of a plain series', () => {
    // 100 rising values (100 … 199) then 100 falling (199 … 100): every split of a window of 100
    // ending at the top rose > 0.85 % except s2's last step of 1 value (2 × 7 = 14 ≥ 12): 2;
    // at the bottom every split fell: −2; halfway down (end 149) the long splits still rose.
    const values = Float64Array.from({ length: 200 }, (_, i) => (i < 100 ? 100 + i : 299 - i));
    const out = scan(values, 99, 200, 100, 0.025, 0.85);
    expect(out[0]).toBe(2);
    expect(out[100]).toBe(-2);
    expect(out).toEqual(reference(values, 99, 200, 100, 0.025, 0.85));
  });

  it('throws what windowStatesAt throws, at the first window reading a bad value', () => {
    const values = new Float64Array([100, 101, 102, Number.NaN, 104, 105]);
    const expected = (() => {
      try {
        windowStatesAt(values, 3, 2, 0.025, 0.85);
      } catch (error) {
        return error;
      }
    })();
    expect(expected).toBeInstanceOf(Error);
    expect(() => scan(values, 1, 6, 2, 0.025, 0.85)).toThrow(expected as Error);
    // A range that ends before the bad value is fine.
    expect(scan(values, 1, 3, 2, 0.025, 0.85)).toEqual(reference(values, 1, 3, 2, 0.025, 0.85));
  });

  it('checks the slice and the requirements as windowStatesAt does', () => {
    const values = new Float64Array([100, 101, 102]);
    expect(() => scan(values, 0, 3, 2, 0.025, 0.85)).toThrow(/INVALID_WINDOW_VALUES|window of 2/);
    expect(() => scan(values, 1, 4, 2, 0.025, 0.85)).toThrow(/window of 2 values ending at index 3/);
    expect(() => scan(values, 1, 3, 2, 0.9, 0.85)).toThrow();
    expect(scan(values, 2, 2, 2, 0.025, 0.85)).toEqual([]);
  });
});
