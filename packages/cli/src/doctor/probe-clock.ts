import { createCcxtClient, parseCcxtExchangeOptions } from '@balancer/engine';
import type { Config } from '@balancer/server';
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
  const { exchange } = await createCcxtClient(
    parseCcxtExchangeOptions({
      exchangeId: config.EXCHANGE,
      quote: config.QUOTE_ASSET,
      timeoutMs,
      ...(config.EXCHANGE_API_URL ? { apiUrl: config.EXCHANGE_API_URL } : {}),
    }),
  );
  const sent = now();
  let serverTime: number | undefined;
  try {
    serverTime = await exchange.fetchTime();
  } catch (error) {
    return [
      warn(
        'clock',
        `cannot ask ${config.EXCHANGE} for its time: ${(error as Error).message.slice(0, 200)}`,
        'check the network (DNS, firewall) and EXCHANGE_API_URL if set; the platform needs the exchange too',
      ),
    ];
  }
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
  return [judgeClockSkew(config.EXCHANGE, serverTime - (sent + received) / 2)];
}
