import type { ManualTradeInput } from '@balancer/core';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { showToast } from '../../lib/toast';
import { AuthorityNote } from './authority-note';
import { LoadError, Loading } from './page-states';
import { positionKeys, usePositionTrades } from './positions-api';
import { TradeFormDialog } from './trade-form-dialog';
import { TradesTable } from './trades-table';
import { useTradingContext } from './trading-context';
import type { PositionRecord, TradeRecord } from './types';

/**
 * The position's trades; on the active position, manual trades can be added, edited and deleted
 * (authority 4 and a one-time code each; the server checks the whole trade list again).
 */
export function TradesSection({ position }: { position: PositionRecord }) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const trades = usePositionTrades(position.id);
  const { canTrade, authority, marketNow, replay } = useTradingContext();
  const otp = useOtpAction();
  // undefined: form closed; null: a new trade; a record: that trade being edited.
  const [editing, setEditing] = useState<TradeRecord | null | undefined>(undefined);
  const active = position.close === null && !position.archived;
  const changeable = active && canTrade;

  const send = async (method: 'POST' | 'PUT' | 'DELETE', path: string, otpToken: string, body?: unknown) => {
    await client.request({ method, path, ...(body ? { body } : {}), auth: true, otpToken });
    await queryClient.invalidateQueries({ queryKey: positionKeys.all });
    void showToast((toast) => toast.success('Trades updated'));
  };
  const save = (trade: ManualTradeInput) => {
    const target = editing;
    setEditing(undefined);
    otp.ask({
      title: target ? `Save trade #${target.id}` : 'Add trade',
      titledFailure: true,
      run: (code) =>
        target
          ? send('PUT', `position/trade/${target.id}`, code, { trade })
          : send('POST', 'position/trade', code, { trade }),
    });
  };
  const remove = (trade: TradeRecord) =>
    otp.ask({
      title: `Delete trade #${trade.id}`,
      titledFailure: true,
      run: (code) => send('DELETE', `position/trade/${trade.id}`, code),
    });

  return (
    <section aria-labelledby="trades-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="trades-title" className="text-lg font-semibold">
          Trades
        </h2>
        {active && (
          <Button size="sm" variant="outline" disabled={!canTrade} onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add trade
          </Button>
        )}
      </div>
      {active && !canTrade && <AuthorityNote authority={authority} />}
      {trades.isPending && <Loading label="Loading trades…" />}
      {trades.isError && <LoadError error={trades.error} onReload={() => void trades.refetch()} />}
      {trades.data && (
        <TradesTable
          trades={trades.data}
          onEdit={changeable ? setEditing : undefined}
          onDelete={changeable ? remove : undefined}
        />
      )}
      <TradeFormDialog
        open={editing !== undefined}
        trade={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSubmit={save}
        marketNow={marketNow}
        replay={replay}
      />
      {otp.dialog}
    </section>
  );
}
