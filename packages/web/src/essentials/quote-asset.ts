import { useEssentialsSelector } from './essentials-context';

/**
 * The quote asset amounts are shown in (USDT, USD, EUR…: core's formatQuote writes '$' for USD
 * only). USD until the essentials have loaded, as before they name the market.
 */
export function useQuoteAsset(): string {
  return useEssentialsSelector((essentials) => essentials?.exchangeConfig.quoteAsset) ?? 'USD';
}
