import { CodedError } from '../../errors/coded-error.js';
import { assertTime, isFiniteNumber } from '../checks.js';
import type { CoinsFamilyState } from '../coins/coins-states.js';
import { checkConfig } from '../config-check.js';
import type { MarketStateValue } from '../types.js';
import { type ReversalConfig, reversalConfigSchema } from './config.js';
import { type ReversalPoints, reversalPoints } from './points.js';

/*
 * Twin: engine backtest/strategy/reversal-replay.ts (`ReversalReplay`) runs `updateReversal`'s
 * rules in place for the backtest's proxies; reversal-replay.test.ts (property, long random tick
 * sequences) holds them equal (ARCHITECTURE.md, the backtest's twins of core).
 */

/** One crash: from the window state −2 until `crashDuration` minutes pass or the state reaches 2. */
export interface CrashState {
  /** `crash-<start>`: deterministic, so a replay names crashes the same way. */
  id: string;
  /** ms. */
  start: number;
  /** ms: the scheduled end while active; the actual end once ended (earlier if the state hit 2). */
  end: number;
  highestPoints: number;
  /** The points of the crash's last tick. */
  finalPoints: number;
  /** When the reversal event fired (ms), null until then; at most once per crash. */
  reversalEventTime: number | null;
}

/** The reversal indicator's memory: the crash in progress, if any. */
export interface ReversalState {
  active: CrashState | null;
}

/** No crash in progress. */
export const EMPTY_REVERSAL_STATE: ReversalState = Object.freeze({ active: null });

/** The reversal event: buy-the-dip time for the strategy. */
export interface ReversalEvent {
  crashId: string;
  time: number;
  points: number;
}

/** What one tick of the reversal indicator gives. */
export interface ReversalUpdate {
  state: ReversalState;
  /** This tick's points while a crash is active, else null. */
  points: ReversalPoints | null;
  /** The event, on the one tick it fires. */
  event: ReversalEvent | null;
  /** The crash that ended on this tick, with its actual end, for the records. */
  ended: CrashState | null;
}

/** The input of one tick: the window state, the liquidity's bid dominance and the coins families. */
export interface ReversalInput {
  windowState: MarketStateValue;
  bidDominance: number;
  coins: { quote: CoinsFamilyState; base: CoinsFamilyState };
}

function assertState(state: ReversalState): void {
  const crash = state?.active;
  const valid =
    typeof state === 'object' &&
    state !== null &&
    (crash === null ||
      (typeof crash === 'object' &&
        typeof crash.id === 'string' &&
        isFiniteNumber(crash.start) &&
        isFiniteNumber(crash.end) &&
        isFiniteNumber(crash.highestPoints) &&
        isFiniteNumber(crash.finalPoints) &&
        (crash.reversalEventTime === null || isFiniteNumber(crash.reversalEventTime))));
  if (!valid) throw new CodedError('INVALID_REVERSAL_STATE', JSON.stringify(state));
}

function isMarketState(value: unknown): boolean {
  return value === -2 || value === -1 || value === 0 || value === 1 || value === 2;
}

function assertInput(input: ReversalInput): void {
  const valid =
    typeof input === 'object' &&
    input !== null &&
    isMarketState(input.windowState) &&
    typeof input.bidDominance === 'number' &&
    input.bidDominance >= 0 &&
    input.bidDominance <= 100 &&
    typeof input.coins === 'object' &&
    input.coins !== null;
  if (!valid) {
    const { windowState, bidDominance } = input ?? {};
    throw new CodedError(
      'INVALID_REVERSAL_INPUT',
      `window state ${windowState}, bid dominance ${bidDominance}`,
    );
  }
}

/** A crash's keys in the order this module writes them. */
const CRASH_KEYS = ['id', 'start', 'end', 'highestPoints', 'finalPoints', 'reversalEventTime'] as const;

/**
 * True when `crash` is a plain object with exactly the CrashState keys in CRASH_KEYS order (what
 * this module returns, and its JSON round trip): then a literal gives the same object as
 * `{ ...crash, … }`, which V8 builds ~15 times slower (~0.4 µs, on every tick of a crash).
 */
function isPlainCrash(crash: CrashState): boolean {
  if (Object.getPrototypeOf(crash) !== Object.prototype) return false;
  let index = 0;
  for (const key in crash) {
    if (key !== CRASH_KEYS[index]) return false;
    index += 1;
  }
  return index === CRASH_KEYS.length && Object.getOwnPropertySymbols(crash).length === 0;
}

/** `{ ...crash, highestPoints, finalPoints, reversalEventTime }`, the fast way when it may. */
function withPoints(
  crash: CrashState,
  highestPoints: number,
  finalPoints: number,
  reversalEventTime: number | null,
): CrashState {
  if (!isPlainCrash(crash)) return { ...crash, highestPoints, finalPoints, reversalEventTime };
  return { id: crash.id, start: crash.start, end: crash.end, highestPoints, finalPoints, reversalEventTime };
}

/**
 * One tick of the reversal indicator (docs/strategy.md#reversal), timed as the original Balancer
 * times it:
 * - a crash starts on a tick whose window state is −2 while none is active, and lasts
 *   `crashDuration` minutes; that tick only opens it: points are first scored on the next tick;
 * - it ends on the first tick after its scheduled end (`now > end`), or early on a tick whose
 *   window state is 2; the tick at exactly `now == end` neither scores nor ends it;
 * - the tick that ends a crash never starts another, even at −2 (the next −2 tick does);
 * - while active, each tick scores the points; the event fires the first time the total reaches
 *   `pointsRequirement`, once per crash.
 * Pure: the state passed in is never changed.
 */
export function updateReversal(
  state: ReversalState,
  input: ReversalInput,
  now: number,
  config: ReversalConfig,
): ReversalUpdate {
  checkConfig(reversalConfigSchema, config, 'INVALID_REVERSAL_CONFIG');
  assertState(state);
  assertInput(input);
  assertTime(now);

  const crash = state.active;
  if (crash === null) {
    if (input.windowState !== -2) return { state: { active: null }, points: null, event: null, ended: null };
    const started: CrashState = {
      id: `crash-${now}`,
      start: now,
      end: now + config.crashDuration * 60_000,
      highestPoints: 0,
      finalPoints: 0,
      reversalEventTime: null,
    };
    return { state: { active: started }, points: null, event: null, ended: null };
  }
  if (input.windowState === 2 || now > crash.end) {
    const ended = { ...crash, end: Math.min(now, crash.end) };
    return { state: { active: null }, points: null, event: null, ended };
  }
  if (now === crash.end) return { state: { active: crash }, points: null, event: null, ended: null };

  const points = reversalPoints(input.bidDominance, input.coins, config.weights);
  const fires = crash.reversalEventTime === null && points.total >= config.pointsRequirement;
  const active = withPoints(
    crash,
    Math.max(crash.highestPoints, points.total),
    points.total,
    fires ? now : crash.reversalEventTime,
  );
  const event = fires ? { crashId: active.id, time: now, points: points.total } : null;
  return { state: { active }, points, event, ended: null };
}
