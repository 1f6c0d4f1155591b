import type { ReactNode } from 'react';
import { useQuoteAsset } from '../../essentials';
import { cn } from '../../lib/cn';
import { gainClassName } from '../../lib/gain-class';
import { formatBitcoin, formatPercent, formatQuote } from '../../lib/locale-number';
import { MarketTime } from './market-time';
import type { PositionRecord } from './types';

/** The position dialog's General tab: times, entry and gain, amounts, quote in/out, PNL and ROI. */
export function PositionFigures({ position, className }: { position: PositionRecord; className?: string }) {
  const quote = useQuoteAsset();
  const rows: [string, ReactNode, string?][] = [
    ['Open time', <MarketTime key="open" epochMs={position.open} />],
    ['Close time', <MarketTime key="close" epochMs={position.close} empty="N/A" />],
    ['Entry price', formatQuote(position.entry_price, quote)],
    ['Gain', formatPercent(position.gain), gainClassName(position.gain)],
    ['Amount', formatBitcoin(position.amount)],
    ['Quote amount', formatQuote(position.amount_quote, quote)],
    ['Quote in', formatQuote(position.amount_quote_in, quote)],
    ['Quote out', formatQuote(position.amount_quote_out, quote)],
    // PNL has the ROI's sign, so it takes the ROI's colour.
    ['PNL', formatQuote(position.pnl, quote), gainClassName(position.roi)],
    ['ROI', formatPercent(position.roi), gainClassName(position.roi)],
  ];
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3', className)}>
      {rows.map(([label, value, tone]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-neutral-600">{label}</dt>
          <dd className={cn('font-medium break-words', tone)}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
