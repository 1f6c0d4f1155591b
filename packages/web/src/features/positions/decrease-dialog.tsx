import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { formatBitcoin } from '../../lib/locale-number';
import { type DecreasePreview, decreasePreview, isDecreasePercentage } from './decrease-amount';
import { useDecreaseInputs } from './positions-api';

export const PERCENTAGE_MESSAGE = 'Enter a percentage from 1 to 100';

export interface DecreaseDialogProps {
  open: boolean;
  onClose: () => void;
  /** The active position's BTC amount (decimal string). */
  amount: string;
  /** The latest BTC price (decimal string); null before the engine's first tick. */
  price: string | null;
  baseAsset: string;
  /** Called with the checked percentage (1–100) and what it sells. */
  onSubmit: (percentage: number, preview: DecreasePreview & { ok: true }) => void;
}

/** The sentence under the percentage: what is sold, and why it differs from the plain share. */
function PreviewText({
  preview,
  amount,
  percentage,
}: {
  preview: DecreasePreview;
  amount: string;
  percentage: string;
}) {
  if (!preview.ok) {
    return (
      <span className="text-decrease">
        {preview.reason === 'insufficient-balance'
          ? 'Not enough free BTC on the exchange to sell the minimum order (₿0.0002).'
          : 'This comes to less than the minimum order (₿0.0002): nothing can be sold.'}
      </span>
    );
  }
  const sold = formatBitcoin(preview.amountBase.toFixed());
  const share = `${preview.sharePercent.toFixed(2)} %`;
  const notes: Record<NonNullable<DecreasePreview & { ok: true }>['adjustment'] & string, string> = {
    'raised-to-minimum': `A ${percentage} % decrease is below the exchange minimum: it is raised to ₿0.0002, ${share} of the position.`,
    'whole-position': `The position is too small to sell in parts: all of it is sold (${share}).`,
    'capped-at-free': `Capped at the free BTC on the exchange: ${share} of the position.`,
  };
  return (
    <>
      Sells <strong>{sold}</strong> of {formatBitcoin(amount)} ({share}).
      {preview.adjustment && (
        <span role="note" className="mt-1 block rounded bg-amber-50 px-2 py-1 text-amber-900">
          {notes[preview.adjustment]}
        </span>
      )}
    </>
  );
}

/**
 * Asks how much of the active position to sell and shows what the order will sell, by the same core
 * amount function as the engine (decreasePreview), before the one-time code is asked.
 */
export function DecreaseDialog({ open, onClose, amount, price, baseAsset, onSubmit }: DecreaseDialogProps) {
  const [text, setText] = useState('25');
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const { balances, strategy } = useDecreaseInputs(open);
  useEffect(() => {
    if (open) setTouched(false);
  }, [open]);
  const valid = isDecreasePercentage(text);
  const ready = price !== null && balances.data !== undefined && strategy.data !== undefined;
  const preview =
    valid && ready
      ? decreasePreview({
          positionAmount: amount,
          percentage: Number(text.trim()),
          price,
          freeBase: balances.data.free[baseAsset] ?? '0',
          increaseAmountQuote: strategy.data.increaseAmountQuote,
        })
      : null;
  const loadFailed = balances.isError || strategy.isError;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (preview?.ok) onSubmit(Number(text.trim()), preview);
  };
  return (
    <Dialog open={open} onClose={onClose} title="Decrease position" size="sm">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <label htmlFor={inputId} className="text-sm font-medium">
          Percentage (%)
        </label>
        <input
          id={inputId}
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={touched && !valid}
          aria-describedby={hintId}
          className="h-10 rounded-md border border-neutral-300 px-3 focus-visible:outline-2 focus-visible:outline-primary"
        />
        <p id={hintId} className="text-sm text-neutral-700" aria-live="polite">
          {!valid && <span className={cn(touched && 'text-decrease')}>{PERCENTAGE_MESSAGE}</span>}
          {valid && preview && <PreviewText preview={preview} amount={amount} percentage={text.trim()} />}
          {valid && !preview && !loadFailed && 'Reading the balances and the strategy…'}
          {valid && !preview && loadFailed && (
            <span className="text-decrease">The balances or the strategy could not be read: try again.</span>
          )}
        </p>
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={valid && preview?.ok !== true}>
            Continue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
