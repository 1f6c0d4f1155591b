import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { AuthorityNote } from './authority-note';
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
  const { canTrade, authority, activePosition, refetch } = useTradingContext();
  const otp = useOtpAction();
  const transactionDialog = useTransactionDialog();
  const [decreasing, setDecreasing] = useState(false);
  const [busy, setBusy] = useState<'increase' | 'decrease' | null>(null);
  const noteId = useId();

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
  const decrease = (percentage: number) => {
    setDecreasing(false);
    otp.ask({
      title: 'Decrease position',
      titledFailure: true,
      description: `Sell ${percentage}% of the active position now. ${CODE_HINT}`,
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
          aria-describedby={describedBy}
        >
          <ArrowDownRight aria-hidden="true" className="h-4 w-4" />
          Decrease
        </Button>
      </div>
      {!canTrade && <AuthorityNote id={noteId} authority={authority} />}
      <DecreaseDialog
        open={decreasing}
        onClose={() => setDecreasing(false)}
        amount={activePosition?.amount ?? '0'}
        onSubmit={decrease}
      />
      {otp.dialog}
      {transactionDialog.element}
    </div>
  );
}
