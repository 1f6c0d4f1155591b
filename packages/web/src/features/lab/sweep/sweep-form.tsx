import {
  LAB_SWEEP_MAX_COMBINATIONS,
  LAB_SWEEP_METRICS,
  LAB_SWEEP_PARAMETERS,
  type LabDataSet,
  type LabSweepBody,
  sweepMetricLabel,
} from '@balancer/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from '../select-field';
import { RangeRows } from './range-rows';
import {
  candlesInPeriod,
  combinationCount,
  estimateSeconds,
  formatEstimate,
  type RangeInput,
  withinLimit,
} from './sweep-plan';

const dayMs = (day: string) => (day ? Date.parse(`${day}T00:00:00Z`) : null);

/** The first strategy parameter as a default range (a few values around its usual setting). */
const firstRange = (): RangeInput => ({ parameter: 'increaseGainRequirement', from: -4, to: 0, step: 2 });

/**
 * A new sweep: data set, period, starting cash, the strategy the combinations start from, 1–7
 * ranges (or a random draw of them), the metric and the in-sample share. Shows the count and an
 * estimate before it starts; more than 500 combinations cannot be started.
 */
export function SweepForm({
  dataSets,
  busy,
  error,
  onStart,
}: {
  dataSets: readonly LabDataSet[];
  busy: boolean;
  error: string | null;
  onStart: (body: LabSweepBody) => void;
}) {
  const [dataSet, setDataSet] = useState(dataSets[0]?.name ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [startQuote, setStartQuote] = useState('10000');
  const [ranges, setRanges] = useState<RangeInput[]>([firstRange()]);
  const [random, setRandom] = useState(false);
  const [count, setCount] = useState(50);
  const [metric, setMetric] = useState<(typeof LAB_SWEEP_METRICS)[number]>('return-drawdown');
  const [trainPercent, setTrainPercent] = useState('70');

  const search: LabSweepBody['search'] = random ? { kind: 'random', count, seed: 1 } : { kind: 'grid' };
  const combinations = combinationCount(ranges, search);
  const set = dataSets.find((candidate) => candidate.name === dataSet);
  const candles = set ? candlesInPeriod(set, dayMs(from), dayMs(to)) : 0;
  const allowed = withinLimit(combinations);

  const submit = () =>
    onStart({
      dataSet,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      startQuote,
      strategy: 'live',
      ranges,
      search,
      metric,
      trainFraction: trainPercent === '' ? null : Number(trainPercent) / 100,
    });

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (allowed) submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <SelectField
          label="Data set"
          value={dataSet}
          options={dataSets.map((candidate) => ({
            value: candidate.name,
            label: `${candidate.name} (${candidate.timeframe}, ${candidate.candles.toLocaleString('en-US')} candles)`,
          }))}
          onChange={setDataSet}
        />
        <TextField
          label="Starting cash (quote)"
          inputMode="decimal"
          value={startQuote}
          onChange={(event) => setStartQuote(event.target.value)}
        />
        <TextField
          label="From (first day, empty: the data's first)"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label="To (last day, empty: the data's last)"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <p className="text-sm text-neutral-600">
        Every combination starts from the live strategy settings with the swept values in place.
      </p>
      <RangeRows ranges={ranges} onChange={setRanges} parameters={LAB_SWEEP_PARAMETERS} />
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 text-sm font-medium">Search</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="search" checked={!random} onChange={() => setRandom(false)} />
          Every combination (grid)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="search" checked={random} onChange={() => setRandom(true)} />
          Random draw of
        </label>
        <input
          aria-label="Random draw count"
          type="number"
          min={1}
          max={LAB_SWEEP_MAX_COMBINATIONS}
          disabled={!random}
          className="h-10 w-24 rounded-md border border-neutral-300 bg-white px-3 text-sm"
          value={count}
          onChange={(event) => setCount(Math.trunc(Number(event.target.value)))}
        />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <SelectField
          label="Rank by"
          value={metric}
          options={LAB_SWEEP_METRICS.map((id) => ({ value: id, label: sweepMetricLabel(id) }))}
          onChange={(value) => setMetric(value as typeof metric)}
        />
        <TextField
          label="In-sample share % (50–90; empty: no out-of-sample check)"
          inputMode="numeric"
          value={trainPercent}
          onChange={(event) => setTrainPercent(event.target.value)}
        />
      </div>
      <output aria-live="polite" className="rounded-md bg-neutral-50 p-3 text-sm" data-testid="sweep-count">
        <strong>{combinations.toLocaleString('en-US')} combinations</strong> (at most{' '}
        {LAB_SWEEP_MAX_COMBINATIONS} a sweep)
        {allowed && candles > 0 && (
          <>
            {' '}
            · estimate {formatEstimate(estimateSeconds(combinations, candles))} on{' '}
            {candles.toLocaleString('en-US')} candles (an estimate from the candle count, not a promise)
          </>
        )}
        {!allowed && combinations > LAB_SWEEP_MAX_COMBINATIONS && (
          <span className="block text-decrease">Too many: narrow a range or raise a step.</span>
        )}
      </output>
      {error && (
        <p role="alert" className="text-sm text-decrease">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={!allowed || busy || !dataSet}>
          Start sweep
        </Button>
      </div>
    </form>
  );
}
