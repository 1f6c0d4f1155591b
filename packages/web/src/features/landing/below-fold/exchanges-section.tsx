import type { SimpleIcon } from 'simple-icons';
import { siBinance, siCoinbase, siOkx } from 'simple-icons';
import { cn } from '../../../lib/cn';
import { LandingSection } from '../landing-section';
import { BrandIcon } from './brand-icon';
import { Carousel } from './carousel';
import { KRAKEN_MARK } from './kraken-mark';

/** The exchange carousel advances every 1500 ms. */
export const EXCHANGE_CAROUSEL_DELAY_MS = 1500;

interface Exchange {
  name: string;
  /**
   * Bitfinex's mark is in no openly licensed icon set this build can install: it shows as a text
   * wordmark. Kraken's comes from kraken-mark.ts.
   */
  icon: Pick<SimpleIcon, 'path'> | null;
  /** Coinbase's and OKX's marks are wide wordmarks: drawn from their own box, wider than high. */
  wordmark?: { viewBox: string; className: string };
  support: string;
}

/** What each exchange can do in Balancer today (docs/exchanges.md, SUPPORTED_EXCHANGES): all of it. */
const EVERYTHING = 'Market data, paper and live trading';

export const EXCHANGES: Exchange[] = [
  { name: 'Binance', icon: siBinance, support: EVERYTHING },
  { name: 'Bitfinex', icon: null, support: EVERYTHING },
  { name: 'Kraken', icon: KRAKEN_MARK, support: EVERYTHING },
  {
    name: 'Coinbase',
    icon: siCoinbase,
    // The path spans y 9.86–14.15 (measured with getBBox in Chromium).
    wordmark: { viewBox: '0 9.6 24 4.8', className: 'h-7 w-35' },
    support: EVERYTHING,
  },
  {
    name: 'OKX',
    icon: siOkx,
    // The path spans y 8.63–15.38.
    wordmark: { viewBox: '0 8.4 24 7.2', className: 'h-8 w-27' },
    support: EVERYTHING,
  },
];

function ExchangeCard({ exchange }: { exchange: Exchange }) {
  return (
    <figure className="mx-2 flex h-36 flex-col items-center justify-center gap-3 rounded-lg border border-neutral-200 p-4 text-center">
      {exchange.icon ? (
        <span className="flex h-10 items-center">
          <BrandIcon
            icon={exchange.icon}
            viewBox={exchange.wordmark?.viewBox}
            className={cn('text-neutral-900', exchange.wordmark?.className ?? 'size-10')}
          />
        </span>
      ) : (
        <span className="flex h-10 items-center text-2xl font-bold tracking-tight">{exchange.name}</span>
      )}
      <figcaption className="text-sm text-neutral-700">
        {exchange.icon && <span className="block font-semibold text-neutral-900">{exchange.name}</span>}
        {exchange.support}
      </figcaption>
    </figure>
  );
}

export function ExchangesSection() {
  return (
    <LandingSection
      id="exchanges"
      title="Exchanges"
      intro="Trade live, paper trade or follow the market on Binance, Bitfinex, Kraken, Coinbase and OKX: each tested order by order against a local copy of its own API."
    >
      <Carousel
        label="Supported exchanges"
        delay={EXCHANGE_CAROUSEL_DELAY_MS}
        slideClassName="basis-1/2 md:basis-1/3 lg:basis-1/4"
        slides={EXCHANGES.map((exchange) => ({
          label: exchange.name,
          content: <ExchangeCard exchange={exchange} />,
        }))}
      />
    </LandingSection>
  );
}
