/**
 * Runs one exchange's stand-in as a process, for an operator or a test that points a real
 * Balancer server at it: `npx tsx --conditions=@balancer/source
 * packages/engine/src/testing/run-stand-in.ts binance|kraken|okx|coinbase|bitfinex [port]`.
 * The stand-in holds play money (100,000 of the quote asset, no BTC) in a flat market at 30,000
 * (130 15-minute candles up to now). It prints one JSON line: its URL and `env`, the settings that
 * run `EXCHANGE_MODE=live npm start` against it (test credentials it accepts, never real ones).
 */
import { startBinanceServer } from './binance-server/index.js';
import { startBitfinexServer } from './bitfinex-server/index.js';
import { startCoinbaseServer } from './coinbase-server/index.js';
import { flatCandles } from './exchange-kit/fixtures.js';
import { startKrakenServer } from './kraken-server/index.js';
import {
  binanceLiveEnv,
  bitfinexLiveEnv,
  coinbaseLiveEnv,
  krakenLiveEnv,
  okxLiveEnv,
  STAND_IN_RATE_LIMIT,
} from './live-env.js';
import { startOkxServer } from './okx-server/index.js';

const PRICE = '30000';
const market = () => flatCandles(PRICE, 15 * 60_000, 130);

interface Running {
  url: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

const STAND_INS: Record<string, (port: number) => Promise<Running>> = {
  async binance(port) {
    const server = await startBinanceServer({ port, balances: { USDT: '100000', BTC: '0' } });
    server.state.setCandles('BTCUSDT', '15m', market());
    const env = { ...binanceLiveEnv(server), QUOTE_ASSET: 'USDT', EXCHANGE_WS_URL: server.streams.url };
    return { url: server.url, env, close: () => server.close() };
  },
  async kraken(port) {
    const server = await startKrakenServer({ port, balances: { USD: '100000', BTC: '0' } });
    server.state.setCandles('XXBTZUSD', 15, market());
    const env = { ...krakenLiveEnv(server), QUOTE_ASSET: 'USD' };
    return { url: server.url, env, close: () => server.close() };
  },
  async okx(port) {
    const server = await startOkxServer({ port, balances: { USDT: '100000', BTC: '0' } });
    server.state.account.setCandles('BTC/USDT', '15m', market());
    const env = { ...okxLiveEnv(server), QUOTE_ASSET: 'USDT' };
    return { url: server.url, env, close: () => server.close() };
  },
  async coinbase(port) {
    const server = await startCoinbaseServer({ port, balances: { USD: '100000', BTC: '0' } });
    server.state.account.setCandles('BTC/USD', '15m', market());
    const env = { ...coinbaseLiveEnv(server), QUOTE_ASSET: 'USD' };
    return { url: server.url, env, close: () => server.close() };
  },
  async bitfinex(port) {
    const server = await startBitfinexServer({ port, balances: { USD: '100000', BTC: '0' } });
    server.state.account.setCandles('BTC/USD', '15m', market());
    const env = { ...bitfinexLiveEnv(server), QUOTE_ASSET: 'USD' };
    return { url: server.url, env, close: () => server.close() };
  },
};

async function main(): Promise<void> {
  const [exchange = '', rawPort] = process.argv.slice(2);
  const port = rawPort === undefined ? 0 : Number(rawPort);
  const start = STAND_INS[exchange];
  if (!start) throw new Error(`usage: run-stand-in.ts ${Object.keys(STAND_INS).join('|')} [port]`);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`bad port ${rawPort}`);
  const running = await start(port);
  const line = {
    exchange,
    url: running.url,
    simulated: true,
    env: { EXCHANGE_MODE: 'live', ...running.env, ...STAND_IN_RATE_LIMIT },
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.message : error)}\n`);
  process.exit(2);
});
