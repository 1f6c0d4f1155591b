import type { LabDataSet } from '@balancer/core';
import { Fragment, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDataSetGaps, useDataSets, useRemoveDataSet } from '../lab-api';
import { codedText, formatBytes, formatCount, utcDay, utcMinute } from '../lab-format';
import { DownloadForm } from './download-form';

/** The candle sets (shipped and downloaded) and the download form. */
export function DataPage() {
  const sets = useDataSets();
  return (
    <div className="flex flex-col gap-4">
      <Card title="Candle sets">
        {sets.error ? (
          <p role="alert" className="text-sm text-red-700">
            {codedText(sets.error)}
          </p>
        ) : sets.data ? (
          <DataSetsTable sets={sets.data} />
        ) : (
          <Spinner />
        )}
      </Card>
      <Card title="Download">
        <DownloadForm />
      </Card>
    </div>
  );
}

function DataSetsTable({ sets }: { sets: readonly LabDataSet[] }) {
  const remove = useRemoveDataSet();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [showingGaps, setShowingGaps] = useState<string | null>(null);
  if (sets.length === 0) return <p className="text-sm text-neutral-600">No candle sets.</p>;
  return (
    <>
      <div className="sm:overflow-x-auto">
        {/* Under 640 px each set is a block of lines: the screen never scrolls sideways. */}
        <table className="block w-full text-left text-sm sm:table sm:min-w-[600px]">
          <thead className="hidden border-b border-neutral-200 text-neutral-600 sm:table-header-group">
            <tr>
              <th className="py-2 pr-3 font-medium">Set</th>
              <th className="py-2 pr-3 font-medium">Range (UTC)</th>
              <th className="py-2 pr-3 text-right font-medium">Candles</th>
              <th className="py-2 pr-3 text-right font-medium">Gaps</th>
              <th className="py-2 pr-3 text-right font-medium">Size</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {sets.map((set) => (
              <Fragment key={set.name}>
                <tr className="block border-b border-neutral-100 py-2 align-top last:border-0 sm:table-row sm:py-0">
                  <td className="block py-0.5 sm:table-cell sm:py-2 sm:pr-3">
                    <span className="block break-all font-medium">{set.name}</span>
                    <span className="block text-neutral-600">
                      {set.timeframe} · {set.origin}
                    </span>
                    <span className="line-clamp-2 max-w-md text-xs text-neutral-500" title={set.provenance}>
                      {set.provenance}
                    </span>
                  </td>
                  <td className="block py-0.5 sm:table-cell sm:py-2 sm:pr-3 whitespace-nowrap">
                    {set.fromMs === null || set.toMs === null
                      ? 'empty'
                      : `${utcDay(set.fromMs)} → ${utcDay(set.toMs)}`}
                  </td>
                  <td className="block py-0.5 sm:table-cell sm:py-2 sm:pr-3 sm:text-right">
                    <span className="sm:hidden">Candles: </span>
                    {formatCount(set.candles)}
                  </td>
                  <td
                    className="block py-0.5 sm:table-cell sm:py-2 sm:pr-3 sm:text-right"
                    title="Missing candles (halts, outages)"
                  >
                    <span className="sm:hidden">Missing candles: </span>
                    {set.missingCandles > 0 ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-expanded={showingGaps === set.name}
                        aria-label={`${formatCount(set.missingCandles)} missing candles in ${set.name}: ${showingGaps === set.name ? 'hide' : 'show'} the gaps`}
                        onClick={() => setShowingGaps(showingGaps === set.name ? null : set.name)}
                      >
                        {formatCount(set.missingCandles)}
                      </Button>
                    ) : (
                      formatCount(set.missingCandles)
                    )}
                  </td>
                  <td className="block py-0.5 sm:table-cell sm:py-2 sm:pr-3 sm:text-right whitespace-nowrap">
                    <span className="sm:hidden">Size: </span>
                    {formatBytes(set.bytes)}
                  </td>
                  <td className="block py-0.5 sm:table-cell sm:py-2 sm:text-right">
                    {set.origin === 'downloaded' &&
                      (confirming === set.name ? (
                        <span className="inline-flex gap-1">
                          <Button
                            size="sm"
                            variant="destructive"
                            busy={remove.isPending}
                            onClick={() => remove.mutate(set.name, { onSettled: () => setConfirming(null) })}
                          >
                            Remove {set.name}
                          </Button>
                          <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                            Keep
                          </Button>
                        </span>
                      ) : (
                        <Button size="sm" variant="outline" onClick={() => setConfirming(set.name)}>
                          Remove
                        </Button>
                      ))}
                  </td>
                </tr>
                {showingGaps === set.name && (
                  <tr className="block border-b border-neutral-100 sm:table-row">
                    <td colSpan={6} className="block py-2 sm:table-cell">
                      <GapList name={set.name} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {remove.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {codedText(remove.error)}
        </p>
      )}
    </>
  );
}

/** A set's gaps, oldest first: where candles are missing (never filled in). */
function GapList({ name }: { name: string }) {
  const gaps = useDataSetGaps(name);
  if (gaps.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {codedText(gaps.error)}
      </p>
    );
  if (!gaps.data) return <Spinner />;
  const { total, gaps: listed } = gaps.data;
  return (
    <div className="text-sm">
      <p className="text-neutral-600">
        {formatCount(total)} {total === 1 ? 'gap' : 'gaps'} (exchange halts, outages): the candles are missing
        there, and backtests replay the set as it is.
      </p>
      <ul aria-label={`Gaps in ${name}`} className="mt-1 max-h-64 overflow-y-auto">
        {listed.map((gap) => (
          <li key={gap.afterMs} className="tabular-nums">
            after {utcMinute(gap.afterMs)}, before {utcMinute(gap.beforeMs)} UTC: {formatCount(gap.missing)}{' '}
            {gap.missing === 1 ? 'candle' : 'candles'} missing
          </li>
        ))}
      </ul>
      {total > listed.length && (
        <p className="text-neutral-600">
          …and {formatCount(total - listed.length)} more (the API lists the first {formatCount(listed.length)}
          ).
        </p>
      )}
    </div>
  );
}
