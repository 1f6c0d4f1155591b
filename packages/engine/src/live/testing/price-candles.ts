/** One minute of an active position's price history, decimal strings. */
export interface PriceCandle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
}

const MINUTE_MS = 60_000;

/** `candles` with `price` at `time` folded into its minute's candle (a new one when the minute is new). */
export function addMinutePrice(candles: PriceCandle[], time: number, price: string): PriceCandle[] {
  const minute = Math.floor(time / MINUTE_MS) * MINUTE_MS;
  const last = candles.at(-1);
  if (last?.time !== minute)
    return [...candles, { time: minute, open: price, high: price, low: price, close: price }];
  const high = Number(price) > Number(last.high) ? price : last.high;
  const low = Number(price) < Number(last.low) ? price : last.low;
  return [...candles.slice(0, -1), { ...last, high, low, close: price }];
}
