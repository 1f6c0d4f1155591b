import type { ManualTradeInput } from '@balancer/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TradeField } from './trade-field';
import {
  initialTradeValues,
  readTradeForm,
  type TradeFormErrors,
  type TradeFormValues,
} from './trade-form-values';
import type { TradeRecord } from './types';

export interface TradeFormDialogProps {
  open: boolean;
  /** The trade being edited, or null for a new one. */
  trade: TradeRecord | null;
  onClose: () => void;
  onSubmit: (trade: ManualTradeInput) => void;
  /**
   * "Now" for a new trade, epoch ms: the engine's market time (the replay's on the simulator,
   * whose dates are not the browser's), read when the form opens.
   */
  marketNow: () => number;
  /** The market runs on the simulator's replay clock: the time field says so. */
  replay?: boolean;
}

const TEXT_FIELDS: [keyof TradeFormValues, string][] = [
  ['price', 'Price (quote per BTC)'],
  ['amount', 'Amount (BTC)'],
  ['quoteAmount', 'Quote amount (optional)'],
  ['commission', 'Commission (optional)'],
];

/** Add or edit a manual trade of the active position; checked with core's schema before the OTP. */
export function TradeFormDialog({
  open,
  trade,
  onClose,
  onSubmit,
  marketNow,
  replay = false,
}: TradeFormDialogProps) {
  const [values, setValues] = useState<TradeFormValues>(() => initialTradeValues(trade, marketNow()));
  const [errors, setErrors] = useState<TradeFormErrors>({});
  // Read when the form opens, not followed while it is open (each tick renews marketNow).
  const now = useRef(marketNow);
  now.current = marketNow;
  useEffect(() => {
    if (open) {
      setValues(initialTradeValues(trade, now.current()));
      setErrors({});
    }
  }, [open, trade]);
  const set = (field: keyof TradeFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = readTradeForm(values);
    if (result.ok) onSubmit(result.trade);
    else setErrors(result.errors);
  };
  return (
    <Dialog open={open} onClose={onClose} title={trade ? `Edit trade #${trade.id}` : 'Add trade'}>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <TradeField
          label="Side"
          error={errors.side}
          render={(props) => (
            <select {...props} value={values.side} onChange={set('side')}>
              <option value="BUY">Buy</option>
              <option value="SELL">Sell</option>
            </select>
          )}
        />
        <TradeField
          label={replay ? 'Time (replay clock)' : 'Time'}
          error={errors.time}
          render={(props) => (
            <input {...props} type="datetime-local" value={values.time} onChange={set('time')} />
          )}
        />
        {TEXT_FIELDS.map(([field, label]) => (
          <TradeField
            key={field}
            label={label}
            error={errors[field]}
            render={(props) => (
              <input {...props} inputMode="decimal" value={values[field]} onChange={set(field)} />
            )}
          />
        ))}
        <TradeField
          label="Commission asset"
          error={errors.commissionAsset}
          render={(props) => (
            <select {...props} value={values.commissionAsset} onChange={set('commissionAsset')}>
              <option value="QUOTE">Quote</option>
              <option value="BASE">Base (BTC)</option>
              <option value="OTHER">Other</option>
            </select>
          )}
        />
        <div className="mt-2 flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{trade ? 'Save trade' : 'Add trade'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
