import { type ManualTradeInput, manualTradeSchema } from '@balancer/core';
import type { TradeRecord } from './types';

/** The trade form's text fields (what the inputs hold). `time` is a datetime-local value. */
export interface TradeFormValues {
  side: 'BUY' | 'SELL';
  time: string;
  price: string;
  amount: string;
  quoteAmount: string;
  commission: string;
  commissionAsset: 'BASE' | 'QUOTE' | 'OTHER';
}

export type TradeFormErrors = Partial<Record<keyof TradeFormValues, string>>;

const pad = (value: number) => String(value).padStart(2, '0');

/** Epoch ms → 'yyyy-MM-ddTHH:mm' on the viewer's clock (what a datetime-local input holds). */
export function toLocalInput(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A new trade starts now as a buy; an edited one with its stored values. */
export function initialTradeValues(trade: TradeRecord | null, now: number): TradeFormValues {
  if (!trade) {
    return {
      side: 'BUY',
      time: toLocalInput(now),
      price: '',
      amount: '',
      quoteAmount: '',
      commission: '',
      commissionAsset: 'QUOTE',
    };
  }
  return {
    side: trade.side,
    time: toLocalInput(trade.time),
    price: trade.price,
    amount: trade.amount,
    quoteAmount: trade.quote_amount,
    commission: trade.commission,
    commissionAsset: trade.commission_asset,
  };
}

/**
 * Checks the form with core's manualTradeSchema (the server's own rule): the trade to send, or
 * the first message per field. Empty optional fields are left out (the server fills them).
 */
export function readTradeForm(
  values: TradeFormValues,
): { ok: true; trade: ManualTradeInput } | { ok: false; errors: TradeFormErrors } {
  const time = values.time ? new Date(values.time).getTime() : Number.NaN;
  const candidate = {
    side: values.side,
    time: Number.isFinite(time) ? time : undefined,
    price: values.price.trim(),
    amount: values.amount.trim(),
    ...(values.quoteAmount.trim() ? { quoteAmount: values.quoteAmount.trim() } : {}),
    ...(values.commission.trim() ? { commission: values.commission.trim() } : {}),
    commissionAsset: values.commissionAsset,
  };
  const parsed = manualTradeSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, trade: parsed.data };
  const errors: TradeFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TradeFormValues | undefined;
    if (field && !errors[field]) errors[field] = field === 'time' ? 'Enter a date and time' : issue.message;
  }
  return { ok: false, errors };
}
