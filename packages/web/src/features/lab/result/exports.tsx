import type { BacktestReport } from '@balancer/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { Button } from '../../../components/ui/button';
import { errorMessageOf } from '../../../lib/api';
import { fetchReportHtml, saveText } from '../lab-api';
import { fillsCsv, positionsCsv } from './csv';

const CSV = 'text/csv;charset=utf-8';

/** Downloads: the strategy's fills and positions as CSV, the engine's HTML report. */
export function ResultExports({ id, report }: { id: number; report: BacktestReport }) {
  const { token } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const html = async () => {
    setBusy(true);
    setError(null);
    try {
      saveText(`backtest-${id}.html`, await fetchReportHtml(id, token), 'text/html;charset=utf-8');
    } catch (failure) {
      setError(errorMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => saveText(`backtest-${id}-fills.csv`, fillsCsv(report.strategy.trades), CSV)}
        >
          <Download aria-hidden="true" className="size-4" /> Fills CSV
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            saveText(`backtest-${id}-positions.csv`, positionsCsv(report.strategy.positions), CSV)
          }
        >
          <Download aria-hidden="true" className="size-4" /> Positions CSV
        </Button>
        <Button variant="outline" size="sm" busy={busy} onClick={() => void html()}>
          <Download aria-hidden="true" className="size-4" /> HTML report
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-decrease">
          {error}
        </p>
      )}
    </div>
  );
}
