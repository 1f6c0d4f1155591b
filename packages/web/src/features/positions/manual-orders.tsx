import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { formatBitcoin } from '../../lib/locale-number';
import { AuthorityNote } from './authority-note';
import type { DecreasePreview } from './decrease-amount';
import { DecreaseDialog } from './decrease-dialog';
import { positionKeys } from './positions-api';
import { useTradingContext } from './trading-context';
import type { TransactionRecord } from './transactions/types';
import { useTransactionDialog } from './transactions/use-transaction-dialog';

const CODE_HINT = 'Enter the 6-digit code from your authenticator app.';

/**
 * Manual Increase (POST position/increase, no body) and Decrease (POST position/decrease
 * {percentage}) of the active position: authority 4 and a one-time code. The answer is the
 * transaction; its dialog opens and follows it to SUCCEEDED or FAILED.
 */
export function ManualOrders() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const { canTrade, authority, activePosition, refetch, price, baseAsset } = useTradingContext();
  const otp = useOtpAction();
  const transactionDialog = useTransactionDialog();
  const [decreasing, setDecreasing] = useState(false);
  const [busy, setBusy] = useState<'increase' | 'decrease' | null>(null);
  const noteId = useId();
  const noPositionId = useId();

  const place = async (kind: 'increase' | 'decrease', otpToken: string, body?: { percentage: number }) => {
    setBusy(kind);
    try {
      const tx = await client.request<TransactionRecord>({
        method: 'POST',
        path: `position/${kind}`,
        ...(body ? { body } : {}),
        auth: true,
        otpToken,
      });
      transactionDialog.show(tx);
      await Promise.all([queryClient.invalidateQueries({ queryKey: positionKeys.all }), refetch()]);
    } finally {
      setBusy(null);
    }
  };
  const increase = () =>
    otp.ask({
      title: 'Increase position',
      titledFailure: true,
      description: `Buy now with the strategy's increase amount. ${CODE_HINT}`,
      run: (code) => place('increase', code),
    });
  const decrease = (percentage: number, preview: DecreasePreview & { ok: true }) => {
    setDecreasing(false);
    const share = preview.sharePercent.toFixed(2);
    otp.ask({
      title: 'Decrease position',
      titledFailure: true,
      description: `Sell ${formatBitcoin(preview.amountBase.toFixed())} now (${share} % of the active position${
        preview.adjustment === null ? '' : `; you asked for ${percentage} %`
      }). ${CODE_HINT}`,
      run: (code) => place('decrease', code, { percentage }),
    });
  };

  const describedBy = canTrade ? undefined : noteId;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={increase}
          disabled={!canTrade}
          busy={busy === 'increase'}
          aria-describedby={describedBy}
        >
          <ArrowUpRight aria-hidden="true" className="h-4 w-4" />
          Increase
        </Button>
        <Button
          variant="outline"
          onClick={() => setDecreasing(true)}
          disabled={!canTrade || activePosition === null}
          busy={busy === 'decrease'}
          aria-describedby={canTrade && activePosition === null ? noPositionId : describedBy}
        >
          <ArrowDownRight aria-hidden="true" className="h-4 w-4" />
          Decrease
        </Button>
      </div>
      {!canTrade && <AuthorityNote id={noteId} authority={authority} />}
      {canTrade && activePosition === null && (
        <p id={noPositionId} className="text-sm text-neutral-700">
          Decrease needs an active position: none is open. One opens with a buy — the engine's own after a
          crash reverses, or Increase here.
        </p>
      )}
      <DecreaseDialog
        open={decreasing}
        onClose={() => setDecreasing(false)}
        amount={activePosition?.amount ?? '0'}
        price={price}
        baseAsset={baseAsset}
        onSubmit={decrease}
      />
      {otp.dialog}
      {transactionDialog.element}
    </div>
  );
}
