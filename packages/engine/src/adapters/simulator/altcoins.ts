import { Decimal, ROUNDING_MODES } from '@balancer/core';
import { uniform } from './prng.js';

/**
 * SYNTHETIC altcoin prices: no altcoin data ships with Balancer, so each coin's price is made from
 * BTC's replayed price — price = reference · (btc / btcReference)^beta · e^(sigma · noise), where
 * noise ∈ [−1, 1] is drawn by the seeded PRNG once per candle and interpolated linearly inside the
 * candle (so prices are continuous) — and its 24 h quote volume from the BTC candle's volume.
 * References are round figures of the right order of magnitude, not quotes of any date.
 */
export interface Altcoin {
  base: string;
  /** Price when BTC is at its reference, USDT. */
  reference: number;
  /** Sensitivity to BTC's log return. */
  beta: number;
  /** Amplitude of the coin's own noise (log units). */
  sigma: number;
  /** Its 24 h quote volume as a share of BTC's. */
  volumeShare: number;
}

const coin = (
  base: string,
  reference: number,
  beta: number,
  sigma: number,
  volumeShare: number,
): Altcoin => ({
  base,
  reference,
  beta,
  sigma,
  volumeShare,
});

/** The 24 simulated coins. */
export const ALTCOINS: readonly Altcoin[] = [
  coin('ETH', 2000, 1.2, 0.01, 0.5),
  coin('BNB', 600, 0.8, 0.008, 0.08),
  coin('SOL', 130, 1.5, 0.015, 0.2),
  coin('XRP', 2, 1.3, 0.015, 0.15),
  coin('ADA', 0.7, 1.4, 0.015, 0.04),
  coin('DOGE', 0.17, 1.6, 0.02, 0.1),
  coin('TRX', 0.24, 0.6, 0.008, 0.02),
  coin('AVAX', 20, 1.5, 0.018, 0.03),
  coin('DOT', 4, 1.4, 0.016, 0.02),
  coin('LINK', 14, 1.4, 0.016, 0.04),
  coin('LTC', 90, 1.1, 0.012, 0.03),
  coin('BCH', 350, 1.1, 0.012, 0.02),
  coin('XLM', 0.28, 1.3, 0.015, 0.02),
  coin('ATOM', 4.5, 1.3, 0.016, 0.01),
  coin('NEAR', 2.6, 1.5, 0.018, 0.02),
  coin('UNI', 6.5, 1.4, 0.017, 0.02),
  coin('ETC', 17, 1.1, 0.013, 0.01),
  coin('FIL', 2.8, 1.4, 0.017, 0.01),
  coin('APT', 5, 1.5, 0.018, 0.01),
  coin('ARB', 0.35, 1.6, 0.02, 0.02),
  coin('OP', 0.75, 1.6, 0.02, 0.01),
  coin('AAVE', 200, 1.3, 0.016, 0.02),
  coin('INJ', 10, 1.6, 0.02, 0.01),
  coin('SUI', 3, 1.6, 0.02, 0.05),
];

/** Where the coin prices are computed from. */
export interface AltcoinInput {
  /** BTC's current price and its reference (the replay's first candle open). */
  btc: number;
  btcReference: number;
  /** Virtual candle index and elapsed fraction, [0, 1). */
  candle: number;
  fraction: number;
  /** BTC volume of the current candle and candles per 24 h. */
  btcVolume: number;
  candlesPerDay: number;
  seed: number;
}

/** The coin's noise in [−1, 1] at the start of virtual candle `candle`. */
function noiseAt(seed: number, coinIndex: number, candle: number): number {
  return 2 * uniform(seed, 0x0a17, coinIndex, candle) - 1;
}

/** Price and 24 h quote volume of the coin at index `coinIndex` of ALTCOINS, as decimal strings. */
export function altcoinTicker(coinIndex: number, input: AltcoinInput): { last: string; quoteVolume: string } {
  const spec = ALTCOINS[coinIndex]!;
  const from = noiseAt(input.seed, coinIndex, input.candle);
  const to = noiseAt(input.seed, coinIndex, input.candle + 1);
  const noise = from + (to - from) * input.fraction;
  const price = spec.reference * (input.btc / input.btcReference) ** spec.beta * Math.exp(spec.sigma * noise);
  const volume = input.btcVolume * input.candlesPerDay * input.btc * spec.volumeShare;
  return {
    // Eight significant digits, like an exchange's price precision across magnitudes.
    last: new Decimal(price).precision(8, ROUNDING_MODES.ROUND_HALF_UP).toFixed(),
    quoteVolume: new Decimal(volume).decimalPlaces(2, ROUNDING_MODES.ROUND_HALF_UP).toFixed(2),
  };
}

/** BTC's own ticker: the replayed price (2 dp, as the BTC/USDT market quotes it) and its 24 h quote volume. */
export function btcTicker(input: AltcoinInput): { base: 'BTC'; last: string; quoteVolume: string } {
  const volume = input.btcVolume * input.candlesPerDay * input.btc;
  return {
    base: 'BTC',
    last: new Decimal(input.btc).decimalPlaces(2, ROUNDING_MODES.ROUND_HALF_UP).toFixed(2),
    quoteVolume: new Decimal(volume).decimalPlaces(2, ROUNDING_MODES.ROUND_HALF_UP).toFixed(2),
  };
}
