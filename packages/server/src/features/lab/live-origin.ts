import {
  type LabLiveOrigin,
  type LabResult,
  type LabSweepInputs,
  type StrategyConfig,
  strategyConfigSchema,
} from '@balancer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** The applies kept: the newest is the live origin, the rest a short history. */
export const LAB_LIVE_ORIGIN_KEPT = 50;

/** One apply of a stored result to the live strategy, as recorded. */
export interface LiveOriginRecord {
  resultId: number;
  kind: LabResult['kind'];
  row: number | null;
  appliedAt: number;
  appliedBy: string;
  dataSet: string;
  config: StrategyConfig;
  figures: Record<string, unknown>;
}

/**
 * The headline figures of what was applied: a backtest's strategy outcome (its report's first
 * outcome), or a sweep row's point with its in-sample and out-of-sample figures and the metric.
 */
export function headlineFigures(stored: LabResult, row: number | null): Record<string, unknown> {
  if (stored.kind === 'sweep' && stored.report.kind === 'sweep' && row !== null) {
    const picked = stored.report.rows[row];
    return {
      metric: (stored.inputs as LabSweepInputs).metric,
      point: picked?.point ?? {},
      inSample: picked?.inSample ?? null,
      outOfSample: picked?.outOfSample ?? null,
    };
  }
  const outcome = stored.outcomes.find((o) => o.id === 'strategy') ?? stored.outcomes[0] ?? null;
  return { outcome };
}

/** Records an apply (the settings as saved, so the link outlives the stored result). */
export async function recordLiveOrigin(db: Kysely<Database>, origin: LiveOriginRecord): Promise<void> {
  await db
    .insertInto('lab_live_origin')
    .values({
      result_id: origin.resultId,
      kind: origin.kind,
      row_rank: origin.row,
      applied_at: origin.appliedAt,
      applied_by: origin.appliedBy,
      data_set: origin.dataSet,
      config: JSON.stringify(origin.config),
      figures: JSON.stringify(origin.figures),
    })
    .execute();
}

/** Two strategies equal setting for setting (both read through the schema, so key order is one). */
export function sameStrategy(a: unknown, b: unknown): boolean {
  const one = strategyConfigSchema.safeParse(a);
  const two = strategyConfigSchema.safeParse(b);
  return one.success && two.success && JSON.stringify(one.data) === JSON.stringify(two.data);
}

/** The newest apply with whether the live strategy still equals it and its result still exists. */
export async function readLiveOrigin(
  db: Kysely<Database>,
  live: StrategyConfig,
): Promise<LabLiveOrigin | null> {
  const row = await db
    .selectFrom('lab_live_origin')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const stored = await db
    .selectFrom('lab_result')
    .select('id')
    .where('id', '=', String(row.result_id))
    .executeTakeFirst();
  return {
    resultId: Number(row.result_id),
    kind: row.kind as LabResult['kind'],
    row: row.row_rank,
    appliedAt: Number(row.applied_at),
    appliedBy: row.applied_by,
    dataSet: row.data_set,
    config: row.config as StrategyConfig,
    figures: row.figures as Record<string, unknown>,
    resultStored: stored !== undefined,
    matchesLive: sameStrategy(row.config, live),
  };
}
