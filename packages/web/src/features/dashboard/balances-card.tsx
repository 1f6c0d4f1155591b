import { Card } from '../../components/ui/card';
import { errorMessageOf } from '../../lib/api';
import { formatBitcoin, formatQuote } from '../../lib/locale-number';
import { Row } from './row';
import { useBalances } from './use-dashboard-data';

/** Authority needed to read balances (GET /position/balances). */
export const BALANCES_AUTHORITY = 2;

/** Free exchange balances; explained rather than fetched for an operator below authority 2. */
export function BalancesCard({ authority }: { authority: number }) {
  const allowed = authority >= BALANCES_AUTHORITY;
  const { data, error } = useBalances(allowed);
  return (
    <Card className="min-w-0" title="Balances">
      {!allowed ? (
        <p className="text-sm text-neutral-600">
          Balances need authority {BALANCES_AUTHORITY}; yours is {authority}.
        </p>
      ) : error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessageOf(error)}
        </p>
      ) : !data ? (
        <p className="text-sm text-neutral-600">Loading…</p>
      ) : (
        <dl>
          <Row term={data.quoteAsset}>{formatQuote(data.free[data.quoteAsset] ?? '0', data.quoteAsset)}</Row>
          <Row term={data.baseAsset}>{formatBitcoin(data.free[data.baseAsset] ?? '0')}</Row>
        </dl>
      )}
    </Card>
  );
}
