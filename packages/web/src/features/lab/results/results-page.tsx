import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDataSets, useResults } from '../lab-api';
import { codedText } from '../lab-format';
import { COMPARE_MAX, COMPARE_MIN, compareHref, toResultRow } from './result-rows';

/** Stored results, backtests and sweeps, newest first; pick 2–4 to compare. */
export function ResultsPage() {
  const results = useResults();
  const dataSets = useDataSets();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<number[]>([]);
  if (results.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {codedText(results.error)}
      </p>
    );
  if (!results.data) return <Spinner />;
  const rows = results.data.map((result) => toResultRow(result, dataSets.data ?? []));
  const href = compareHref(rows.filter((row) => picked.includes(row.id)).map((row) => row.id));
  const toggle = (id: number) =>
    setPicked((previous) =>
      previous.includes(id) ? previous.filter((other) => other !== id) : [...previous, id],
    );
  if (rows.length === 0)
    return (
      <p className="text-sm text-neutral-600">
        No stored results yet.{' '}
        <Link to="/app/lab/backtest" className="underline">
          Run a backtest
        </Link>
        .
      </p>
    );
  return (
    <section aria-labelledby="lab-results" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="lab-results" className="text-lg font-semibold">
          Results
        </h2>
        <div className="flex items-center gap-3 text-sm text-neutral-600">
          <span>
            Pick {COMPARE_MIN}–{COMPARE_MAX} to compare ({picked.length} picked)
          </span>
          <Button disabled={href === null} onClick={() => href && navigate(href)}>
            Compare
          </Button>
        </div>
      </div>
      {/* Under 640 px each result is a block of its own lines (no sideways scrolling). */}
      <div className="rounded-lg border border-neutral-200 bg-white sm:overflow-x-auto">
        <table className="block w-full text-left text-sm sm:table">
          <thead className="hidden border-b border-neutral-200 text-neutral-600 sm:table-header-group">
            <tr>
              <th className="px-3 py-2 font-medium">
                <span className="sr-only">Pick</span>
              </th>
              <th className="px-3 py-2 font-medium">Result</th>
              <th className="px-3 py-2 font-medium">Data set and period</th>
              <th className="px-3 py-2 font-medium">Strategy</th>
              <th className="px-3 py-2 font-medium">Outcome</th>
              <th className="px-3 py-2 font-medium">Run</th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {rows.map((row) => (
              <tr
                key={row.id}
                className="block border-b border-neutral-100 py-2 align-top last:border-0 sm:table-row sm:py-0"
              >
                <td className="block px-3 py-0.5 sm:table-cell sm:py-2">
                  <input
                    type="checkbox"
                    aria-label={`Pick result ${row.id}`}
                    checked={picked.includes(row.id)}
                    onChange={() => toggle(row.id)}
                    className="h-4 w-4"
                  />
                </td>
                <td className="block px-3 py-0.5 sm:table-cell sm:py-2">
                  <Link to={row.href} className={buttonClasses('ghost', 'sm')}>
                    {row.kind} #{row.id}
                  </Link>
                </td>
                <td className="block px-3 py-0.5 sm:table-cell sm:py-2">
                  <span className="block break-all">{row.dataSet}</span>
                  <span className="block text-neutral-600">{row.period}</span>
                </td>
                <td className="block px-3 py-0.5 sm:table-cell sm:py-2">{row.strategy}</td>
                <td className="block px-3 py-0.5 sm:table-cell sm:py-2">{row.summary}</td>
                <td className="block px-3 py-0.5 sm:table-cell sm:py-2 text-neutral-600">
                  <span className="block">{row.created}</span>
                  <span className="block">by {row.createdBy}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
