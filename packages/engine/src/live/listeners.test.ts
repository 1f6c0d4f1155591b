import { describe, expect, it } from 'vitest';
import { harnessFixture } from './testing/sim-harness.js';
import { flat, minuteTable } from './testing/tables.js';

const FLAT = minuteTable(flat(30_000, 200));
const simHarness = harnessFixture();

describe('live engine: tick listeners', () => {
  it('logs a listener that throws through the engine logger, and still calls the others', async () => {
    const harness = simHarness(FLAT, 128);
    const logged: Array<{ err: unknown; message: string }> = [];
    const engine = harness.second({ logger: { error: ({ err }, message) => logged.push({ err, message }) } });
    const bug = new Error('listener bug');
    engine.onTick(() => {
      throw bug;
    });
    const seen: number[] = [];
    engine.onTick((snapshot) => seen.push(snapshot.time));
    await engine.start();
    await engine.tick();
    expect(seen).toHaveLength(1);
    expect(logged).toEqual([{ err: bug, message: 'a tick listener threw; the engine goes on' }]);
    await engine.stop();
  });
});
