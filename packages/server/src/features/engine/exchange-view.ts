import { type ExchangeVenue, type MarketRulesView, toDecimal } from '@balancer/core';
import type { MarketRules } from '@balancer/engine';
import type { Config } from '../../config/schema.js';

/** The exchanges' names as people write them (the Server screen's Exchange card). */
const DISPLAY_NAMES: Readonly<Record<Config['EXCHANGE'], string>> = {
  binance: 'Binance',
  bitfinex: 'Bitfinex',
  coinbase: 'Coinbase',
  kraken: 'Kraken',
  okx: 'OKX',
};

/**
 * Where the engine trades, from the settings it was built from: the simulator trades on no
 * exchange (EXCHANGE is not read there); paper and live on EXCHANGE, live on its sandbox when
 * EXCHANGE_SANDBOX is on.
 */
export function exchangeVenue(
  config: Pick<Config, 'EXCHANGE_MODE' | 'EXCHANGE' | 'EXCHANGE_SANDBOX'>,
): ExchangeVenue {
  if (config.EXCHANGE_MODE === 'simulator') {
    return { id: 'simulator', displayName: 'Simulator', kind: 'simulator', sandbox: false };
  }
  return {
    id: config.EXCHANGE,
    displayName: DISPLAY_NAMES[config.EXCHANGE],
    kind: config.EXCHANGE_MODE,
    sandbox: config.EXCHANGE_SANDBOX,
  };
}

/** An exact decimal without trailing zeros ('0.00001000' → '0.00001'); never through a float. */
function plain(value: string): string {
  return toDecimal(value).toFixed();
}

/**
 * The market rules in the API's words: the symbol BTC/<quote>, exact decimals, the taker fee in
 * percent (rate × 100: 0.001 → '0.1') and the asset a buy's fee is charged in by its code.
 */
export function marketRulesView(rules: MarketRules | null): MarketRulesView | null {
  if (rules === null) return null;
  const feeAsset = rules.buyFeeAsset;
  return {
    symbol: `${rules.base}/${rules.quote}`,
    amountStep: plain(rules.amountStep),
    minAmount: plain(rules.minAmount),
    minNotional: plain(rules.minNotional),
    priceStep: rules.priceStep === undefined ? null : plain(rules.priceStep),
    takerFeePercent: rules.takerFee === undefined ? null : toDecimal(rules.takerFee).times(100).toFixed(),
    buyFeeAsset: feeAsset === undefined ? null : feeAsset === 'base' ? rules.base : rules.quote,
  };
}
