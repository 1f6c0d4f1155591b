import type { ExchangeConfig, MarketRulesView } from '@balancer/core';
import { Card, Facts } from '../../components/ui/card';
import { useEssentialsSelector } from '../../essentials';
import { formatDecimal } from '../../lib/locale-number';

/** A rule's exact decimal in the locale's writing, with every digit the exchange gave ('0.00001'). */
function exact(value: string): string {
  return formatDecimal(value, { decimalPlaces: value.split('.')[1]?.length ?? 0 });
}

/** How the engine trades, in words: the exchange, the kind of trading and whether it is real money. */
export function tradingWords(config: ExchangeConfig): { headline: string; how: string } {
  const { venue, simulated } = config;
  if (venue.kind === 'simulator') {
    return {
      headline: `${venue.displayName} (not real money)`,
      how: 'Replayed prices, simulated fills: not real money',
    };
  }
  if (venue.kind === 'paper') {
    return {
      headline: `${venue.displayName} (paper trading, not real money)`,
      how: 'Live prices, simulated fills: not real money',
    };
  }
  if (venue.sandbox || simulated) {
    return {
      headline: `${venue.displayName} (sandbox, not real money)`,
      how: 'Live orders on the exchange’s sandbox: not real money',
    };
  }
  return { headline: `${venue.displayName} (live, real money)`, how: 'Live orders: real money' };
}

/** The market's rules as label/value pairs: BTC amounts, quote prices, the fee and its asset. */
export function ruleFacts(market: MarketRulesView, base: string, quote: string): Array<[string, string]> {
  // No minimum value where the exchange sets none ('0').
  const notional = /^0+(\.0+)?$/.test(market.minNotional) ? '' : ` and ${exact(market.minNotional)} ${quote}`;
  const fee =
    market.takerFeePercent === null
      ? 'not reported'
      : `${exact(market.takerFeePercent)} %${market.buyFeeAsset === null ? '' : `, charged in ${market.buyFeeAsset} on a buy`}`;
  return [
    ['Market', market.symbol],
    ['Smallest order', `${exact(market.minAmount)} ${base}${notional}`],
    ['Amount step', `${exact(market.amountStep)} ${base}`],
    ['Price step', market.priceStep === null ? 'not reported' : `${exact(market.priceStep)} ${quote}`],
    ['Fee', fee],
  ];
}

/**
 * The exchange the engine trades on, the market and its rules (docs/exchanges.md, Markets and
 * rules), from the essentials' exchangeConfig. The simulator, paper trading and a sandbox are
 * labelled not real money, as the API flags them (`simulated`).
 */
export function ExchangeCard() {
  const config = useEssentialsSelector((essentials) => essentials?.exchangeConfig);
  if (!config) return null;
  const { headline, how } = tradingWords(config);
  const market = config.market;
  return (
    <Card title="Exchange">
      <p className="mb-3 text-sm font-semibold" data-testid="exchange-headline">
        {headline}
      </p>
      {config.simulated && (
        <p
          role="note"
          className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Not real money: no order placed here spends real funds.
        </p>
      )}
      <Facts
        items={[
          ['Exchange', config.venue.displayName],
          ['Trading', how],
          ...(market
            ? ruleFacts(market, config.baseAsset, config.quoteAsset)
            : ([['Market', `${config.baseAsset}/${config.quoteAsset}`]] as Array<[string, string]>)),
        ]}
      />
      {!market && (
        <p className="mt-2 text-sm text-neutral-600">
          The market’s rules are read at the engine’s first tick.
        </p>
      )}
    </Card>
  );
}
