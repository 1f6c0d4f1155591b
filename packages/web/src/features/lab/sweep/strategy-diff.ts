import { applyStrategyParameter, type StrategyConfig } from '@balancer/core';

/** One setting that differs: its path (`decreaseLevels.2.percentage`) and both values. */
export interface SettingChange {
  readonly path: string;
  readonly live: unknown;
  readonly applied: unknown;
}

function flatten(value: unknown, path: string, into: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${key}` : key, into);
  } else into.set(path, value);
}

/** Every setting whose value differs between the live strategy and the one to apply. */
export function strategyDiff(live: unknown, applied: unknown): SettingChange[] {
  const before = new Map<string, unknown>();
  const after = new Map<string, unknown>();
  flatten(live, '', before);
  flatten(applied, '', after);
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths
    .filter((path) => before.get(path) !== after.get(path))
    .map((path) => ({ path, live: before.get(path), applied: after.get(path) }));
}

/**
 * The strategy a sweep row applies: the sweep's starting strategy with the row's values in place
 * (core's applyStrategyParameter, as the server does).
 */
export function rowStrategy(start: StrategyConfig, point: Readonly<Record<string, number>>): StrategyConfig {
  return Object.entries(point).reduce(
    (strategy, [id, value]) => applyStrategyParameter(strategy, id, value),
    start,
  );
}
