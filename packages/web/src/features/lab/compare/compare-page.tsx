import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { useLabResults } from '../lab-api';
import { LabLoadError, LabLoading } from '../page-states';
import { backtestReportOf } from '../report';
import { LinesCard } from '../result/chart-cards';
import { MetricsTable } from '../result/metrics-table';
import { amountsOf, periodOf } from '../result/result-page';
import { COMPARE_MAX, COMPARE_MIN, compareIdsOf } from './compare-ids';
import { type ComparedResult, compareDrawdownLines, compareEquityLines, samePeriod } from './compare-lines';

/** /app/lab/compare?ids=1,2[,3,4] — two to four stored backtests on the same charts and table. */
export function ComparePage() {
  const [params] = useSearchParams();
  const ids = compareIdsOf(params.get('ids'));
  if (ids === null)
    return (
      <section className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-semibold">Compare results</h1>
        <p className="text-sm text-neutral-700">
          Compare takes {COMPARE_MIN} to {COMPARE_MAX} stored backtest results:{' '}
          <code>/app/lab/compare?ids=1,2</code>. Choose them on the results list.
        </p>
        <Link to="/app/lab/results" className="text-sm underline">
          Results
        </Link>
      </section>
    );
  return <CompareView ids={ids} />;
}

export function CompareView({ ids }: { ids: number[] }) {
  const queries = useLabResults(ids);
  const failed = queries.find((query) => query.isError);
  if (failed) return <LabLoadError error={failed.error} onReload={() => void failed.refetch()} />;
  if (queries.some((query) => query.isPending)) return <LabLoading label="Loading the results…" />;
  const results: ComparedResult[] = [];
  const sweeps: number[] = [];
  queries.forEach((query, i) => {
    const report = query.data ? backtestReportOf(query.data) : null;
    if (report) results.push({ id: ids[i]!, report });
    else sweeps.push(ids[i]!);
  });
  if (sweeps.length > 0)
    return (
      <p className="text-sm text-neutral-700">
        {sweeps.map((id) => `#${id}`).join(', ')} {sweeps.length === 1 ? 'is a sweep' : 'are sweeps'}: Compare
        shows backtests only.
      </p>
    );
  return <CompareResults results={results} />;
}

function CompareResults({ results }: { results: ComparedResult[] }) {
  const equity = useMemo(() => compareEquityLines(results), [results]);
  const drawdown = useMemo(() => compareDrawdownLines(results), [results]);
  const columns = results.map(({ id, report }) => ({ label: `#${id}`, report, outcomeId: 'strategy' }));
  const aligned = samePeriod(results)
    ? ''
    : ` The periods differ: the lines are aligned at their starts, on the dates of #${results[0]!.id}.`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Compare {results.length} results</h1>
        <ul className="flex flex-col gap-0.5 text-sm text-neutral-700">
          {results.map(({ id, report }) => (
            <li key={id}>
              <Link to={`/app/lab/results/${id}`} className="font-medium underline">
                #{id}
              </Link>{' '}
              {report.data.name} · {periodOf(report)} · {amountsOf(report)} · strategy:{' '}
              {report.settings.strategySource}
            </li>
          ))}
        </ul>
      </header>
      <LinesCard
        title="Equity"
        note={`Each result's strategy: quote + BTC at the close, once per chart bucket.${aligned}`}
        lines={equity}
        unit="quote"
        testId="lab-compare-equity-chart"
      />
      <Card title="Metrics">
        <MetricsTable columns={columns} caption="The results' strategies, side by side" />
      </Card>
      <LinesCard
        title="Drawdown"
        note={`Below each strategy's highest equity so far, per chart bucket.${aligned}`}
        lines={drawdown}
        unit="percent"
        testId="lab-compare-drawdown-chart"
      />
    </div>
  );
}
