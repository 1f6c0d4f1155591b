// Measures what a newcomer sees after a first `npm start` on the simulator: the wall minutes from
// the first start to the first crash, reversal event, buy and sell, running the product's own
// code — the exchange factory's simulator over the shipped candles and the live engine with the
// default settings — on a virtual wall clock ticked every 3 s, as the server does.
//
//   npx tsx --conditions=@balancer/source scripts/simulator-first-cycle.ts [--start ISO] [--speed 60] [--minutes 20]
//   npx tsx --conditions=@balancer/source scripts/simulator-first-cycle.ts --scan 2025-11-07T06:00Z,2025-11-07T12:00Z
//
// Without --start it uses the default start (SIMULATOR_DEFAULT_START). `--scan a,b` tries every
// hour from a to b and prints one line per start: a way to find a start point, not to guess one.
import { parseArgs } from 'node:util';
import { createExchange, LiveEngine, SIMULATOR_DEFAULT_START } from '@balancer/engine';
import { MemoryLockTable } from '../packages/engine/src/live/testing/memory-lock.js';
import { MemoryEngineStore } from '../packages/engine/src/live/testing/memory-store.js';
import { RecordingNotifier } from '../packages/engine/src/live/testing/recording-notifier.js';
import { VirtualTime } from '../packages/engine/src/live/testing/virtual-time.js';

const TICK_MS = 3_000;
const MINUTE = 60_000;
const WALL_START = Date.UTC(2026, 0, 1);

interface Cycle {
  start: string;
  crashMin: number | null;
  reversalMin: number | null;
  buyMin: number | null;
  sellMin: number | null;
  sells: number;
}

async function measure(startTime: number, speed: number, minutes: number): Promise<Cycle> {
  const time = new VirtualTime(WALL_START);
  const exchange = await createExchange({
    kind: 'simulator',
    speed,
    wallStart: WALL_START,
    startTime,
    now: time.clock,
  });
  const store = new MemoryEngineStore();
  const engine = new LiveEngine({
    exchange,
    store,
    notifier: new RecordingNotifier(),
    lock: new MemoryLockTable().lock(),
    clock: exchange.marketClock ?? time.clock,
    wallClock: time.clock,
    schedule: time,
  });
  const at = (): number => (time.now - WALL_START) / MINUTE;
  const cycle: Cycle = {
    start: new Date(startTime).toISOString(),
    crashMin: null,
    reversalMin: null,
    buyMin: null,
    sellMin: null,
    sells: 0,
  };
  await engine.start();
  while (time.now < WALL_START + minutes * MINUTE) {
    await engine.tick();
    const crashes = [...store.crashes.values()];
    if (cycle.crashMin === null && crashes.length > 0) cycle.crashMin = at();
    if (cycle.reversalMin === null && crashes.some((crash) => crash.reversalEventTime !== null))
      cycle.reversalMin = at();
    const sides = store.trades.map((stored) => stored.trade.side);
    if (cycle.buyMin === null && sides.includes('BUY')) cycle.buyMin = at();
    if (cycle.sellMin === null && sides.includes('SELL')) cycle.sellMin = at();
    cycle.sells = sides.filter((side) => side === 'SELL').length;
    time.advance(TICK_MS);
  }
  await engine.stop();
  await exchange.close();
  return cycle;
}

const { values } = parseArgs({
  options: {
    start: { type: 'string' },
    speed: { type: 'string', default: '60' },
    minutes: { type: 'string', default: '20' },
    scan: { type: 'string' },
  },
});
const speed = Number(values.speed);
const minutes = Number(values.minutes);
const show = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const line = (cycle: Cycle) =>
  `${cycle.start}  crash ${show(cycle.crashMin)}  reversal ${show(cycle.reversalMin)}  buy ${show(cycle.buyMin)}  first sell ${show(cycle.sellMin)}  sells ${cycle.sells}  (wall minutes at ${speed}×)`;

if (values.scan) {
  const [from, to] = values.scan.split(',').map((text) => Date.parse(text));
  for (let start = from!; start <= to!; start += 60 * MINUTE)
    console.log(line(await measure(start, speed, minutes)));
} else {
  const start = values.start ? Date.parse(values.start) : SIMULATOR_DEFAULT_START;
  console.log(line(await measure(start, speed, minutes)));
}
