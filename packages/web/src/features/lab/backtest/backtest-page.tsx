import {
  BACKTEST_CADENCES,
  BACKTEST_WEEKDAYS,
  type LabBacktestBody,
  type LabDataSet,
  strategyConfigSchema,
} from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../auth/auth-context';
import { STRATEGY_SPEC } from '../../../components/config-fields/config-specs';
import { type FormValues, validateForm } from '../../../components/config-fields/form-values';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { JobProgress } from '../job-progress';
import { useDataSets, useLabJob, useStartBacktest } from '../lab-api';
import { codedText, utcDay } from '../lab-format';
import { SelectField } from '../select-field';
import {
  type BacktestForm,
  checkBacktestForm,
  DEFAULT_FORM,
  LANDING_FORM,
  PERIOD_PRESETS,
  presetPeriod,
} from './backtest-values';
import { StrategyChoice } from './strategy-choice';

const CADENCE_OPTIONS = BACKTEST_CADENCES.map((value) => ({ value, label: value }));
const WEEKDAY_OPTIONS = [
  { value: '', label: 'as the start' },
  ...BACKTEST_WEEKDAYS.map((value) => ({ value, label: value })),
];
const IRR_OPTIONS = [
  { value: 'xirr', label: 'XIRR (actual days)' },
  { value: 'periodic', label: 'Compounding per period' },
];

/** The new backtest form (docs/web.md, Lab): run it as a job, then open its result. */
export function BacktestPage() {
  const sets = useDataSets();
  const { client } = useAuth();
  const live = useQuery({
    queryKey: ['adjustments', 'strategy'],
    queryFn: () => client.request<unknown>({ path: 'position/strategy', auth: true }),
  });
  const start = useStartBacktest();
  const navigate = useNavigate();
  const [form, setForm] = useState<BacktestForm>(DEFAULT_FORM);
  const [errors, setErrors] = useState<Partial<Record<keyof BacktestForm, string>>>({});
  const [strategyValues, setStrategyValues] = useState<FormValues | null>(null);
  const [strategyErrors, setStrategyErrors] = useState<Record<string, string>>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useLabJob(jobId).data;

  useEffect(() => {
    const first = sets.data?.find((set) => set.candles > 1);
    if (first && form.dataSet === '') setForm((previous) => ({ ...previous, dataSet: first.name }));
  }, [sets.data, form.dataSet]);
  useEffect(() => {
    if (job?.status === 'done' && job.resultId !== null) navigate(`/app/lab/results/${job.resultId}`);
  }, [job, navigate]);

  if (sets.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {codedText(sets.error)}
      </p>
    );
  if (!sets.data) return <Spinner />;
  const running = job !== undefined && (job.status === 'queued' || job.status === 'running');
  const busy = start.isPending || running;
  const set = sets.data.find((entry) => entry.name === form.dataSet);
  const change = <K extends keyof BacktestForm>(key: K, value: BacktestForm[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const text = (key: keyof BacktestForm, label: string, inputMode: 'decimal' | 'numeric' = 'decimal') => (
    <TextField
      label={label}
      inputMode={inputMode}
      value={String(form[key])}
      error={errors[key]}
      onChange={(event) => change(key, event.target.value as never)}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBacktestForm(form, sets.data ?? []);
    let strategy: LabBacktestBody['strategy'] = 'live';
    let strategyOk = true;
    if (form.strategyMode === 'template') strategy = { template: form.template };
    if (form.strategyMode === 'config') {
      const values = validateForm(strategyConfigSchema, strategyValues ?? {}, STRATEGY_SPEC.fields);
      strategyOk = values.ok;
      setStrategyErrors(values.ok ? {} : values.errors);
      if (values.ok) strategy = { config: values.config };
    }
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok || !strategyOk) return;
    start.mutate({ ...checked.body, strategy }, { onSuccess: (started) => setJobId(started.id) });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="New backtest" className="flex flex-col gap-6">
      <p className="text-sm text-neutral-600">
        The landing page's Planner and Monitoring images are drawn from a real backtest: the whole shipped
        Binance 15 m year, the Eager Scalper template, 10,000 USDT, fee 0.1 %.{' '}
        <button
          type="button"
          className="underline"
          disabled={busy}
          onClick={() => {
            setForm(LANDING_FORM);
            setErrors({});
          }}
        >
          Reproduce the landing page's images
        </button>
      </p>
      <fieldset className="min-w-0 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" disabled={busy}>
        <legend className="mb-2 text-base font-semibold">Data and period</legend>
        <SelectField
          label="Data set"
          value={form.dataSet}
          error={errors.dataSet}
          options={[{ value: '', label: 'Choose…' }, ...sets.data.map(setOption)]}
          onChange={(value) => change('dataSet', value)}
        />
        <SelectField
          label="Period"
          value={form.preset}
          options={PERIOD_PRESETS.map((preset) => ({ value: preset.id, label: preset.label }))}
          onChange={(value) => change('preset', value as BacktestForm['preset'])}
        />
        <PeriodNote set={set} form={form} />
        {form.preset === 'custom' && (
          <>
            {text('from', 'First day (YYYY-MM-DD)', 'numeric')}
            {text('to', 'Last day (YYYY-MM-DD)', 'numeric')}
          </>
        )}
      </fieldset>
      <fieldset className="min-w-0 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" disabled={busy}>
        <legend className="mb-2 text-base font-semibold">Capital and contributions</legend>
        {text('startQuote', 'Starting capital (quote)')}
        <SelectField
          label="Contribution cadence (DCA, value averaging)"
          value={form.cadence}
          options={CADENCE_OPTIONS}
          onChange={(value) => change('cadence', value as BacktestForm['cadence'])}
        />
        {form.cadence === 'weekly' && (
          <SelectField
            label="Weekday"
            value={form.weekday}
            options={WEEKDAY_OPTIONS}
            onChange={(value) => change('weekday', value as BacktestForm['weekday'])}
          />
        )}
        {form.cadence === 'monthly' &&
          text('monthDay', 'Day of the month (1–28, empty: as the start)', 'numeric')}
        {text('hour', 'Hour, UTC (0–23, empty: as the start)', 'numeric')}
        {text('contribution', 'Contribution (quote; empty: capital ÷ dates)')}
        <SelectField
          label="IRR convention"
          value={form.irr}
          options={IRR_OPTIONS}
          onChange={(value) => change('irr', value as BacktestForm['irr'])}
        />
      </fieldset>
      <StrategyChoice
        startQuote={form.startQuote}
        mode={form.strategyMode}
        template={form.template}
        templateError={errors.template}
        values={strategyValues}
        errors={strategyErrors}
        live={live.data}
        disabled={busy}
        onMode={(mode) => change('strategyMode', mode)}
        onTemplate={(id) => change('template', id)}
        onValues={(values) => {
          setStrategyValues(values);
          setStrategyErrors({});
        }}
      />
      <fieldset className="min-w-0 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" disabled={busy}>
        <legend className="mb-2 text-base font-semibold">Fee and exchange minimums</legend>
        {text('feePercent', 'Fee (%)')}
        {text('lotDecimals', 'Lot decimals (BTC)', 'numeric')}
        {text('minOrderBase', 'Smallest order (BTC)')}
        {text('minNotional', 'Smallest order value (quote)')}
      </fieldset>
      {start.error && (
        <p role="alert" className="text-sm text-red-700">
          {codedText(start.error)}
        </p>
      )}
      <div>
        <Button type="submit" busy={busy}>
          Run backtest
        </Button>
      </div>
      {job && <JobProgress job={job} label="Backtest" />}
    </form>
  );
}

function setOption(set: LabDataSet) {
  return { value: set.name, label: `${set.name} (${set.timeframe})` };
}

/** What the chosen period covers on the chosen set. */
function PeriodNote({ set, form }: { set: LabDataSet | undefined; form: BacktestForm }) {
  if (!set || set.fromMs === null || set.toMs === null) return null;
  const period = presetPeriod(set, form.preset);
  const whole = `${utcDay(set.fromMs)} – ${utcDay(set.toMs)}`;
  return (
    <p className="self-end pb-2 text-sm text-neutral-600">
      {form.preset === 'custom'
        ? `The set covers ${whole}.`
        : period
          ? `${period.from} – ${period.to}`
          : `The whole set: ${whole}`}
    </p>
  );
}
