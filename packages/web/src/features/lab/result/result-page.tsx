import type { BacktestReport, LabResult } from '@balancer/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { Card } from '../../../components/ui/card';
import { formatDecimal } from '../../../lib/locale-number';
import { useLabResult } from '../lab-api';
import { LabLoadError, LabLoading } from '../page-states';
import { backtestReportOf } from '../report';
import { LinesCard, PriceCard } from './chart-cards';
import { ResultExports } from './exports';
import { MetricsTable } from './metrics-table';
import { PositionsList } from './positions-list';
import { drawdownPoints, outcomeLines } from './series';

/** /app/lab/results/:id — one stored backtest: charts, metrics, positions and exports. */
export function ResultPage() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,15}$/.test(id)) return <NotFoundPage />;
  return <ResultView id={Number(id)} />;
}

export function ResultView({ id }: { id: number }) {
  const result = useLabResult(id);
  if (result.isPending) return <LabLoading label="Loading the result…" />;
  if (result.isError) return <LabLoadError error={result.error} onReload={() => void result.refetch()} />;
  const report = backtestReportOf(result.data);
  if (report === null)
    return (
      <p className="text-sm text-neutral-700">
        Result #{id} is a parameter sweep: its rows are on the sweep's page, not here.
      </p>
    );
  return <BacktestResult result={result.data} report={report} />;
}

const money = (text: string) => formatDecimal(text, { decimalPlaces: 2 });

/** The capital and the amounts a backtest ran with, as its header states them. */
export function amountsOf(report: BacktestReport): string {
  const { settings } = report;
  const contributions = settings.conventions.contributions;
  return (
    `starting cash ${money(settings.startQuote)} · strategy buys ${money(settings.strategy.increaseAmountQuote)} ` +
    `an increase · baselines ${money(contributions.amount)} ${contributions.schedule}`
  );
}

export function periodOf(report: BacktestReport): string {
  const lastDay = new Date(Date.parse(report.data.end) - 1).toISOString().slice(0, 10);
  return `${report.data.start.slice(0, 10)} → ${lastDay}`;
}

function BacktestResult({ result, report }: { result: LabResult; report: BacktestReport }) {
  const equity = useMemo(() => outcomeLines(report), [report]);
  const drawdown = useMemo(
    () => equity.map((line) => ({ ...line, points: drawdownPoints(line.points) })),
    [equity],
  );
  const columns = report.outcomes.map((outcome) => ({ label: outcome.label, report, outcomeId: outcome.id }));
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold">Backtest #{result.id}</h1>
          <p className="text-sm text-neutral-700">
            {report.data.name} · {periodOf(report)} · {report.data.candles.toLocaleString('en-US')} ×{' '}
            {report.data.interval} candles · fee {report.settings.exchange.feePercent} % · strategy:{' '}
            {report.settings.strategySource}
          </p>
          <p className="text-sm font-medium text-neutral-800" data-testid="lab-amounts">
            {amountsOf(report)}
          </p>
          <p className="break-all text-xs text-neutral-600">
            Version {result.appVersion} · by {result.createdBy} · data sha256 {result.dataSha256}
          </p>
        </div>
        <ResultExports id={result.id} report={report} />
      </header>
      <LinesCard
        title="Equity"
        note="Quote + BTC at the close, once per chart bucket, for the strategy and each baseline."
        lines={equity}
        unit="quote"
        testId="lab-equity-chart"
      />
      <Card title="Metrics">
        <MetricsTable columns={columns} caption="Strategy and baselines, side by side" />
        <p className="mt-2 text-xs text-neutral-600">
          Contributions of the baselines: {report.settings.conventions.contributions.schedule}.
        </p>
      </Card>
      <LinesCard
        title="Drawdown"
        note="Below the highest equity so far, sampled per chart bucket (the table's maximum uses every candle)."
        lines={drawdown}
        unit="percent"
        testId="lab-drawdown-chart"
      />
      <PriceCard report={report} />
      <Card title="Positions">
        <PositionsList positions={report.strategy.positions} fills={report.strategy.trades} />
      </Card>
    </div>
  );
}
