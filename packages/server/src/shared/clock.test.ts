import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PlatformClock } from './clock.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
/** The test-only convention biome.json and tsconfig.json use: such files never ship. */
const TEST_ONLY = /(\.test\.ts$|(^|\/)testing\/|(^|\/)test-[^/]*\.ts$|(^|\/)fixtures\.ts$)/;

function shippedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)))
    .filter((file) => !TEST_ONLY.test(file));
}

describe('the platform clock', () => {
  it('is the only reader of the system time in shipped server code', () => {
    const readers = shippedFiles(SRC).filter((file) =>
      /Date\.now\b|new Date\(\)/.test(readFileSync(path.join(SRC, file), 'utf8')),
    );
    expect(readers).toEqual([path.join('shared', 'clock.ts')]);
  });

  it('runs market time on the wall until an adapter brings its own clock', () => {
    let wall = 1_000;
    const clock = new PlatformClock(() => wall);
    expect([clock.wallNow(), clock.marketNow()]).toEqual([1_000, 1_000]);
    // A replay 60 times faster than the wall, started at 5,000 market ms.
    clock.runMarketOn(() => 5_000 + (wall - 1_000) * 60);
    wall = 1_010;
    expect([clock.wallNow(), clock.marketNow()]).toEqual([1_010, 5_600]); // 5,000 + 10 × 60
    clock.runMarketOn(null);
    expect(clock.marketNow()).toBe(1_010);
  });
});
