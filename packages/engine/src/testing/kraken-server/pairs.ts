import type { KrakenPair } from './types.js';

/**
 * The pairs the stand-in lists, keyed as Kraken keys them (XXBTZUSD, XBTUSDT …) with Kraken's
 * asset codes (XXBT, ZUSD, ZEUR; newer assets plain: USDT, USDC, W). Precision and minimums
 * follow the shape of Kraken's AssetPairs answer; the numbers are the stand-in's own.
 */
export const KRAKEN_PAIRS: readonly KrakenPair[] = [
  btc('XXBTZUSD', 'XBTUSD', 'ZUSD', 'USD'),
  btc('XBTUSDT', 'XBTUSDT', 'USDT', 'USDT'),
  btc('XBTUSDC', 'XBTUSDC', 'USDC', 'USDC'),
  btc('XXBTZEUR', 'XBTEUR', 'ZEUR', 'EUR'),
  coin('XETHZUSD', 'ETHUSD', 'XETH', 'ETH', 'ZUSD', 'USD', '2000.00'),
  coin('ETHUSDT', 'ETHUSDT', 'XETH', 'ETH', 'USDT', 'USDT', '2000.00'),
  coin('WUSD', 'WUSD', 'W', 'W', 'ZUSD', 'USD', '0.2500'),
  coin('WUSDT', 'WUSDT', 'W', 'W', 'USDT', 'USDT', '0.2500'),
];

function btc(id: string, altname: string, quote: string, quoteName: string): KrakenPair {
  return {
    id,
    altname,
    wsname: `XBT/${quoteName}`,
    base: 'XXBT',
    quote,
    pair_decimals: 1,
    lot_decimals: 8,
    cost_decimals: 5,
    ordermin: '0.00005',
    costmin: '0.5',
    last: '30000.0',
  };
}

function coin(
  id: string,
  altname: string,
  base: string,
  baseName: string,
  quote: string,
  quoteName: string,
  last: string,
): KrakenPair {
  return {
    id,
    altname,
    wsname: `${baseName}/${quoteName}`,
    base,
    quote,
    pair_decimals: last.split('.')[1]?.length ?? 2,
    lot_decimals: 8,
    cost_decimals: 5,
    ordermin: '0.002',
    costmin: '0.5',
    last,
  };
}

/** Kraken's code of a common asset code (BTC → XXBT, USD → ZUSD, EUR → ZEUR; others unchanged). */
export function krakenAsset(code: string): string {
  const legacy: Record<string, string> = { BTC: 'XXBT', XBT: 'XXBT', USD: 'ZUSD', EUR: 'ZEUR', ETH: 'XETH' };
  return legacy[code] ?? code;
}

/** The pair by its key or its altname (Kraken accepts both). */
export function findPair(name: string | undefined): KrakenPair | undefined {
  return KRAKEN_PAIRS.find((p) => p.id === name || p.altname === name);
}
