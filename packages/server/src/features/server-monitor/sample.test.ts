import { describe, expect, it } from 'vitest';
import { busiestFileSystem, percentOf, toSample } from './sample.js';
import { readingAt } from './test-readings.js';

describe('percentOf', () => {
  it('rounds to 0.1 and gives 0 for an empty or unknown total', () => {
    expect(percentOf(1, 3)).toBe(33.3); // 33.33… rounded
    expect(percentOf(2, 3)).toBe(66.7); // 66.66… rounded
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(5, Number.NaN)).toBe(0);
    expect(percentOf(-1, 10)).toBe(0);
  });
});

describe('busiestFileSystem', () => {
  it('picks the highest use percent, as df counts it (used / (used + available))', () => {
    const busiest = busiestFileSystem([
      { mount: '/', size: 1000, used: 500, available: 500 }, // 50 %
      { mount: '/data', size: 1000, used: 600, available: 300 }, // 600 / 900 = 66.7 % (100 reserved)
      { mount: '/boot', size: 100, used: 60, available: 40 }, // 60 %
    ]);
    expect(busiest).toEqual({ mount: '/data', size: 1000, used: 600, percent: 66.7 });
  });
  it('breaks ties by size and skips file systems without a size', () => {
    expect(
      busiestFileSystem([
        { mount: '/proc', size: 0, used: 0, available: 0 },
        { mount: '/small', size: 10, used: 5, available: 5 },
        { mount: '/big', size: 20, used: 10, available: 10 },
      ])?.mount,
    ).toBe('/big');
    expect(busiestFileSystem([{ mount: '/proc', size: 0, used: 0, available: 0 }])).toBeNull();
    expect(busiestFileSystem([])).toBeNull();
  });
});

describe('toSample', () => {
  it('keeps whole seconds of uptime, rounded percentages and the busiest disk', () => {
    const sample = toSample({ ...readingAt(42.26, 25, 80), loadAverage: [1.234, 0.5, 0.126] }, 1_000);
    expect(sample).toEqual({
      uptime: 86_400,
      cpu: { load: 42.3, loadAverage: [1.23, 0.5, 0.13] },
      memory: { total: 16 * 1024 ** 3, used: 4 * 1024 ** 3, percent: 25 }, // a quarter of 16 GiB
      disk: { mount: '/', size: 100 * 1024 ** 3, used: 80 * 1024 ** 3, percent: 80 },
      sampledAt: 1_000,
    });
  });
  it('clamps a CPU load outside 0–100 and treats NaN as 0', () => {
    expect(toSample(readingAt(100.4, 1, 1), 0).cpu.load).toBe(100);
    expect(toSample(readingAt(-3, 1, 1), 0).cpu.load).toBe(0);
    expect(toSample(readingAt(Number.NaN, 1, 1), 0).cpu.load).toBe(0);
  });
});
