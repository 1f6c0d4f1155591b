import { formatBitcoin } from '@balancer/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { DECREASE_AMOUNT_DECIMALS, decreaseAmount, isDecreasePercentage } from './decrease-amount';

export const PERCENTAGE_MESSAGE = 'Enter a percentage from 1 to 100';

export interface DecreaseDialogProps {
  open: boolean;
  onClose: () => void;
  /** The active position's BTC amount (decimal string). */
  amount: string;
  /** Called with the checked percentage (1–100). */
  onSubmit: (percentage: number) => void;
}

/** Asks how much of the active position to sell, showing the BTC amount it comes to (decreaseAmount). */
export function DecreaseDialog({ open, onClose, amount, onSubmit }: DecreaseDialogProps) {
  const [text, setText] = useState('25');
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const hintId = useId();
  useEffect(() => {
    if (open) setTouched(false);
  }, [open]);
  const valid = isDecreasePercentage(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) onSubmit(Number(text.trim()));
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
          {valid ? (
            <>
              Sells{' '}
              {formatBitcoin(decreaseAmount(amount, text.trim()), {
                decimalPlaces: DECREASE_AMOUNT_DECIMALS,
              })}{' '}
              of {formatBitcoin(amount)}
            </>
          ) : (
            <span className={touched ? 'text-decrease' : undefined}>{PERCENTAGE_MESSAGE}</span>
          )}
        </p>
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive">
            Continue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
