import { CodedError } from '../../errors/coded-error.js';
import { assertTime, isFiniteNumber } from '../checks.js';
import type { CoinsFamilyState } from '../coins/coins-states.js';
import { checkConfig } from '../config-check.js';
import type { MarketStateValue } from '../types.js';
import { type ReversalConfig, reversalConfigSchema } from './config.js';
import { type ReversalPoints, reversalPoints } from './points.js';

/** The id of the crash that started at `start` (ms): deterministic, so a replay names it the same way. */
export function crashIdOf(start: number): string {
  return `crash-${start}`;
}

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

/** What a tick does to the crash timing (`crashStep`). */
export const CRASH_IDLE = 0;
export const CRASH_STARTS = 1;
export const CRASH_ENDS = 2;
/** The tick at exactly the scheduled end: neither scores nor ends. */
export const CRASH_HOLDS = 3;
export const CRASH_SCORES = 4;
export type CrashStep =
  | typeof CRASH_IDLE
  | typeof CRASH_STARTS
  | typeof CRASH_ENDS
  | typeof CRASH_HOLDS
  | typeof CRASH_SCORES;

/**
 * The timing rules of one tick at `now` (docs/strategy.md#reversal), on plain values so that
 * `updateReversal` and the backtest's in-place replay share them: with no crash `active`, a window
 * state of −2 starts one (else nothing); an active crash whose scheduled `end` has passed
 * (`now > end`), or at window state 2, ends; at exactly `now == end` it holds; else it scores.
 */
export function crashStep(active: boolean, end: number, windowState: number, now: number): CrashStep {
  if (!active) return windowState === -2 ? CRASH_STARTS : CRASH_IDLE;
  if (windowState === 2 || now > end) return CRASH_ENDS;
  return now === end ? CRASH_HOLDS : CRASH_SCORES;
}

/** A crash started at `start` is scheduled to end `crashDuration` minutes later (ms). */
export function crashEndOf(start: number, config: ReversalConfig): number {
  return start + config.crashDuration * 60_000;
}

/** When a crash that was scheduled to end at `end` ended, on the tick at `now` that ended it. */
export function crashEndedAt(now: number, end: number): number {
  return Math.min(now, end);
}

/** Whether a scoring tick's total fires the event: the first time it reaches the requirement. */
export function reversalFires(fired: boolean, total: number, config: ReversalConfig): boolean {
  return !fired && total >= config.pointsRequirement;
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
  const step = crashStep(crash !== null, crash?.end ?? 0, input.windowState, now);
  if (step === CRASH_IDLE) return { state: { active: null }, points: null, event: null, ended: null };
  if (step === CRASH_STARTS) {
    const started: CrashState = {
      id: crashIdOf(now),
      start: now,
      end: crashEndOf(now, config),
      highestPoints: 0,
      finalPoints: 0,
      reversalEventTime: null,
    };
    return { state: { active: started }, points: null, event: null, ended: null };
  }
  if (step === CRASH_ENDS) {
    const ended = { ...crash!, end: crashEndedAt(now, crash!.end) };
    return { state: { active: null }, points: null, event: null, ended };
  }
  if (step === CRASH_HOLDS) return { state: { active: crash }, points: null, event: null, ended: null };

  const points = reversalPoints(input.bidDominance, input.coins, config.weights);
  const fires = reversalFires(crash!.reversalEventTime !== null, points.total, config);
  const active = withPoints(
    crash!,
    Math.max(crash!.highestPoints, points.total),
    points.total,
    fires ? now : crash!.reversalEventTime,
  );
  const event = fires ? { crashId: active.id, time: now, points: points.total } : null;
  return { state: { active }, points, event, ended: null };
}
