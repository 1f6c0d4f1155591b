import { Download } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { Button } from '../../../components/ui/button';
import { errorMessageOf, fetchDocument, saveBlob } from '../../../lib/api';
import { apiQuery } from './url-filters';

/**
 * Downloads `/exports/<name>.csv` for the list's date range (the whole history without one): the
 * server streams it, the browser saves it.
 */
export function ExportButton({
  name,
  range,
  disabled,
}: {
  name: 'trades' | 'transactions' | 'positions';
  range: { from: string; to: string };
  disabled?: boolean;
}) {
  const { client } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const query = apiQuery(range);
      const blob = await fetchDocument(client, `exports/${name}.csv${query === '' ? '' : `?${query}`}`);
      saveBlob(
        blob,
        `balancer-${name}${range.from ? `-${range.from}` : ''}${range.to ? `-to-${range.to}` : ''}.csv`,
      );
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="outline" size="sm" busy={busy} disabled={disabled} onClick={() => void download()}>
        <Download aria-hidden="true" className="h-4 w-4" /> {name}.csv
      </Button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
