import type { ProfitPeriod, ProfitTable } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../auth/auth-context';
import { cn } from '../../../lib/cn';
import { gainClassName } from '../../../lib/gain-class';
import { REPLAY_CLOCK_NOTE } from '../market-time';
import { LoadError, Loading } from '../page-states';
import { DateRangeFields, FilterSelect } from '../records/filter-fields';
import { RecordsNav } from '../records/records-nav';
import { apiQuery, filtersToParams, rangeProblem } from '../records/url-filters';
import { type Column, TableFrame } from '../table-frame';
import { ProfitChart } from './profit-chart';
import { btc, periodLabel, quote } from './profit-format';

const PERIODS: readonly (readonly [ProfitPeriod, string])[] = [
  ['day', 'Day'],
  ['week', 'Week'],
  ['month', 'Month'],
  ['year', 'Year'],
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CELL = 'px-3 py-2 whitespace-nowrap';
const COLUMNS: Column[] = [
  { label: 'Period' },
  { label: 'Realised profit', className: 'text-right' },
  { label: 'Fees', className: 'text-right' },
  { label: 'Bought', className: 'text-right' },
  { label: 'Sold', className: 'text-right' },
  { label: 'Avg buy price', className: 'text-right' },
  { label: 'Avg sell price', className: 'text-right' },
  { label: 'Equity at end', className: 'text-right' },
];

/**
 * /app/profit: realised profit (a position's profit counts when it closes), fees, amounts bought
 * and sold, average prices and equity per day, week, month or year, as a bar chart and a table
 * in the quote asset. The period and range live in the URL.
 */
export function ProfitPage() {
  const { client } = useAuth();
  const [params, setParams] = useSearchParams();
  const period = PERIODS.find(([name]) => name === params.get('period'))?.[0] ?? 'month';
  const range = {
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
  };
  const problem = rangeProblem(range);
  const update = (change: Partial<typeof range & { period: string }>) =>
    setParams(filtersToParams({ period, ...range, ...change }), { replace: true });
  const table = useQuery({
    queryKey: ['positions', 'profit', period, range.from, range.to],
    enabled: problem === null,
    queryFn: () =>
      client.request<ProfitTable>({ path: `position/pnl?${apiQuery(range, { period })}`, auth: true }),
  });
  const data = table.data;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Profit by period</h1>
      <RecordsNav />
      <fieldset className="flex flex-wrap items-end gap-3" aria-label="Period and range">
        <FilterSelect
          label="Period"
          value={period}
          options={PERIODS}
          onChange={(value) => update({ period: value || 'month' })}
        />
        <DateRangeFields from={range.from} to={range.to} onChange={update} problem={problem} />
      </fieldset>
      {table.isPending && problem === null && <Loading label="Computing profit…" />}
      {table.isError && <LoadError error={table.error} onReload={() => void table.refetch()} />}
      {data && (
        <>
          {data.replay && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <abbr title={REPLAY_CLOCK_NOTE} className="font-semibold uppercase no-underline">
                replay
              </abbr>{' '}
              Every figure here comes from the simulator: its replayed candles, its clock and its simulated
              trades.
            </p>
          )}
          {data.rows.length === 0 ? (
            <p className="text-sm text-neutral-700">No trades, closed positions or equity in this range.</p>
          ) : (
            <>
              <ProfitChart rows={data.rows} period={data.period} asset={data.quoteAsset} />
              <TableFrame
                caption={`Profit by ${data.period}, ${data.quoteAsset}`}
                columns={COLUMNS}
                cellClassName={CELL}
              >
                {data.rows.map((row) => (
                  <tr key={row.start}>
                    <th scope="row" className={cn(CELL, 'font-medium')}>
                      {periodLabel(row.start, data.period)}
                      {data.replay && <span className="sr-only"> (replay)</span>}
                    </th>
                    <td className={cn(CELL, 'text-right', gainClassName(Number(row.realisedPnl)))}>
                      {quote(row.realisedPnl, data.quoteAsset)}
                    </td>
                    <td className={cn(CELL, 'text-right')}>{quote(row.fees, data.quoteAsset)}</td>
                    <td className={cn(CELL, 'text-right')}>{btc(row.boughtBase)}</td>
                    <td className={cn(CELL, 'text-right')}>{btc(row.soldBase)}</td>
                    <td className={cn(CELL, 'text-right')}>{quote(row.avgBuyPrice, data.quoteAsset)}</td>
                    <td className={cn(CELL, 'text-right')}>{quote(row.avgSellPrice, data.quoteAsset)}</td>
                    <td className={cn(CELL, 'text-right')}>{quote(row.equity, data.quoteAsset)}</td>
                  </tr>
                ))}
                <tr className="font-semibold">
                  <th scope="row" className={CELL}>
                    Total ({data.totals.closedPositions} closed)
                  </th>
                  <td className={cn(CELL, 'text-right', gainClassName(Number(data.totals.realisedPnl)))}>
                    {quote(data.totals.realisedPnl, data.quoteAsset)}
                  </td>
                  <td className={cn(CELL, 'text-right')}>{quote(data.totals.fees, data.quoteAsset)}</td>
                  <td className={cn(CELL, 'text-right')}>{btc(data.totals.boughtBase)}</td>
                  <td className={cn(CELL, 'text-right')}>{btc(data.totals.soldBase)}</td>
                  <td className={CELL} colSpan={3} />
                </tr>
              </TableFrame>
            </>
          )}
        </>
      )}
    </div>
  );
}
