import type { Config } from '@balancer/server/ops';
import { type DoctorCheck, warn } from './check.js';
import { judgeClockSkew } from './judge-network.js';

/**
 * The exchange's clock against ours, through the platform's own ccxt client (EXCHANGE_API_URL
 * honoured): fetchTime, compared with the middle of the request's round trip.
 */
export async function checkClock(
  config: Pick<Config, 'EXCHANGE_MODE' | 'EXCHANGE' | 'EXCHANGE_API_URL' | 'QUOTE_ASSET'>,
  timeoutMs: number,
  now: () => number = Date.now,
): Promise<DoctorCheck[]> {
  if (config.EXCHANGE_MODE === 'simulator') {
    return [
      judgeClockSkew(
        config.EXCHANGE,
        undefined,
        'simulator mode: no exchange to compare with (paper and live check it)',
      ),
    ];
  }
  // The engine (and ccxt in it) loads only when there is an exchange to ask.
  const { createCcxtClient, parseCcxtExchangeOptions } = await import('@balancer/engine');
  const { exchange } = await createCcxtClient(
    parseCcxtExchangeOptions({
      exchangeId: config.EXCHANGE,
      quote: config.QUOTE_ASSET,
      timeoutMs,
      ...(config.EXCHANGE_API_URL ? { apiUrl: config.EXCHANGE_API_URL } : {}),
    }),
  );
  // Two asks, the one with the shorter round trip kept: the first pays for ccxt's own warm-up
  // (which delays the request on its way out and would read as the exchange's clock being ahead).
  let best: { skewMs: number; roundTripMs: number } | undefined;
  try {
    for (let ask = 0; ask < 2; ask += 1) {
      const sent = now();
      const serverTime = await exchange.fetchTime();
      const received = now();
      if (typeof serverTime !== 'number') {
        return [
          judgeClockSkew(
            config.EXCHANGE,
            undefined,
            `${config.EXCHANGE} does not tell its time (ccxt fetchTime)`,
          ),
        ];
      }
      const measured = { skewMs: serverTime - (sent + received) / 2, roundTripMs: received - sent };
      if (!best || measured.roundTripMs < best.roundTripMs) best = measured;
    }
  } catch (error) {
    return [
      warn(
        'clock',
        `cannot ask ${config.EXCHANGE} for its time: ${(error as Error).message.slice(0, 200)}`,
        'check the network (DNS, firewall) and EXCHANGE_API_URL if set; the platform needs the exchange too',
      ),
    ];
  } finally {
    await exchange.close().catch(() => {});
  }
  return [judgeClockSkew(config.EXCHANGE, best?.skewMs)];
}
