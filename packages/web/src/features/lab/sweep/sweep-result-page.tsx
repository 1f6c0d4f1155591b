import { LAB_SWEEP_PARAMETERS, type LabSweepInputs, spansAYear, sweepMetricLabel } from '@balancer/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useOtpAction } from '../../../components/otp/use-otp-action';
import { Card, Facts } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useUser } from '../../../essentials';
import { errorMessageOf } from '../../../lib/api';
import { formatDecimal } from '../../../lib/locale-number';
import { useLabResult } from '../lab-api';
import { ApplyRowDialog } from './apply-row-dialog';
import { HeatmapView } from './heatmap-view';
import { rowStrategy } from './strategy-diff';
import { useApplyRow, useLiveStrategy } from './sweep-api';
import { RUN_AUTHORITY } from './sweep-page';
import type { RankedRow } from './sweep-rows';
import { SweepTable } from './sweep-table';

/** Authority that may apply a row to the live strategy (with a one-time code). */
export const APPLY_AUTHORITY = 3;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isIndicator = (id: string) => LAB_SWEEP_PARAMETERS.find((p) => p.id === id)?.indicator ?? false;

/** /app/lab/sweeps/:id: a stored sweep's ranked rows, the heatmap, and applying a row. */
export function SweepResultPage() {
  const authority = useUser()?.authority;
  const id = Number(useParams().id);
  if (authority === undefined) return null;
  if (authority < RUN_AUTHORITY)
    return (
      <p className="text-sm text-neutral-600">
        Sweep results need authority {RUN_AUTHORITY}; yours is {authority}.
      </p>
    );
  if (!Number.isSafeInteger(id) || id < 1) return <p role="alert">Not a result id.</p>;
  return <SweepResult id={id} canApply={authority >= APPLY_AUTHORITY} />;
}

function SweepResult({ id, canApply }: { id: number; canApply: boolean }) {
  const result = useLabResult(id);
  const live = useLiveStrategy();
  const apply = useApplyRow(id);
  const { ask, dialog } = useOtpAction();
  const [chosen, setChosen] = useState<RankedRow | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  if (result.isPending) return <Spinner />;
  if (result.isError) return <p role="alert">{errorMessageOf(result.error)}</p>;
  const { report } = result.data;
  if (result.data.kind !== 'sweep' || report.kind !== 'sweep')
    return <p role="alert">Result {id} is not a sweep.</p>;
  const inputs = result.data.inputs as LabSweepInputs;
  const parameters = report.ranges.map((range) => range.parameter);
  const periods = {
    inSample: report.inSample.toMs - report.inSample.fromMs,
    outOfSample: report.outOfSample ? report.outOfSample.toMs - report.outOfSample.fromMs : null,
  };
  const applicable = canApply && !parameters.some(isIndicator);
  const target = chosen ? rowStrategy(inputs.strategy, chosen.point) : null;
  const confirm = () => {
    const row = chosen;
    setChosen(null);
    if (!row) return;
    ask({
      title: `Apply row ${row.rank + 1}`,
      run: async (otpToken) => {
        await apply.mutateAsync({ row: row.rank, otpToken });
        setApplied(row.rank);
      },
      success: 'The live strategy changed: see Adjustments',
    });
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Sweep result {id}</h1>
      <Card title="Sweep">
        <Facts
          twoColumns
          items={[
            ['Data set', result.data.dataSet],
            [
              'Capital and amounts',
              `starting cash ${formatDecimal(inputs.startQuote, { decimalPlaces: 2 })} · the strategy buys ${formatDecimal(inputs.strategy.increaseAmountQuote, { decimalPlaces: 2 })} an increase`,
            ],
            ['Ranked by', sweepMetricLabel(report.metric)],
            ['Combinations run', String(report.rows.length)],
            ['Skipped (settings the live strategy refuses)', String(report.skipped)],
            ['In-sample', `${day(report.inSample.fromMs)} → ${day(report.inSample.toMs)}`],
            [
              'Out-of-sample',
              report.outOfSample
                ? `${day(report.outOfSample.fromMs)} → ${day(report.outOfSample.toMs)}`
                : 'none',
            ],
          ]}
        />
      </Card>
      {applied !== null && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm">
          Row {applied + 1} is now the live strategy.{' '}
          <Link to="/app/adjustments" className="underline">
            See Adjustments
          </Link>
        </p>
      )}
      {!canApply && (
        <p className="text-sm text-neutral-600">Applying a row needs authority {APPLY_AUTHORITY}.</p>
      )}
      {canApply && !applicable && (
        <p className="text-sm text-neutral-600">
          This sweep varies the window indicator: its rows cannot be applied.
        </p>
      )}
      {!spansAYear(periods.inSample) && (
        <p className="text-sm text-neutral-600">
          The in-sample period is under a year: returns are over the period, never annualised, and no IRR (a
          rate a year) is shown.
        </p>
      )}
      <Card title="Rows">
        <SweepTable
          rows={report.rows}
          parameters={parameters}
          periods={periods}
          onApply={applicable ? setChosen : null}
        />
      </Card>
      {parameters.length >= 2 && (
        <Card title="Heatmap">
          <HeatmapView rows={report.rows} parameters={parameters} periods={periods} />
        </Card>
      )}
      <ApplyRowDialog
        row={chosen}
        live={live.data}
        applied={target}
        onClose={() => setChosen(null)}
        onContinue={confirm}
      />
      {dialog}
    </div>
  );
}
