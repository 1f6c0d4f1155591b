import { FlaskConical } from 'lucide-react';
import { useEssentialsSelector } from '../../essentials';
import { formatQuote } from '../../lib/locale-number';

/** The live BTC price in the header (updated by the stream every tick). */
export function PriceChip() {
  const price = useEssentialsSelector((essentials) => essentials?.price);
  const baseAsset = useEssentialsSelector((essentials) => essentials?.exchangeConfig.baseAsset);
  const quoteAsset = useEssentialsSelector((essentials) => essentials?.exchangeConfig.quoteAsset);
  if (!price) return null;
  return (
    <p className="text-sm font-semibold text-neutral-900 tabular-nums" aria-live="off">
      <span className="sr-only">
        {baseAsset}/{quoteAsset} price{' '}
      </span>
      <span data-testid="header-price">{formatQuote(price, quoteAsset ?? 'USD')}</span>
    </p>
  );
}

/** The screen says so when no real order is ever placed (simulator or paper trading). */
export function SimulatedBadge() {
  const simulated = useEssentialsSelector((essentials) => essentials?.exchangeConfig.simulated === true);
  const name = useEssentialsSelector((essentials) => essentials?.exchangeConfig.name);
  if (!simulated) return null;
  return (
    <span
      title={name}
      className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900"
    >
      <FlaskConical aria-hidden="true" className="hidden h-3.5 w-3.5 sm:block" />
      SIMULATED<span className="sr-only sm:not-sr-only"> market</span>
    </span>
  );
}
