/**
 * Runs one stand-in as a process, for an operator or a test that points a real Balancer server
 * at it (EXCHANGE_API_URL): `npx tsx --conditions=@balancer/source
 * packages/engine/src/testing/run-stand-in.ts okx|coinbase|bitfinex [port]`. Prints one JSON line:
 * the URL and the test credentials it accepts (never real ones: the stand-in holds play money).
 */
import { startBitfinexServer } from './bitfinex-server/index.js';
import { startCoinbaseServer } from './coinbase-server/index.js';
import { startOkxServer } from './okx-server/index.js';

async function main(): Promise<void> {
  const [exchange, rawPort] = process.argv.slice(2);
  const port = rawPort === undefined ? 0 : Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`bad port ${rawPort}`);
  let running: { url: string; close(): Promise<void> };
  let credentials: unknown;
  if (exchange === 'okx') {
    const server = await startOkxServer({ port });
    [running, credentials] = [server, server.credentials];
  } else if (exchange === 'coinbase') {
    const server = await startCoinbaseServer({ port });
    [running, credentials] = [server, server.credentials];
  } else if (exchange === 'bitfinex') {
    const server = await startBitfinexServer({ port });
    [running, credentials] = [server, server.credentials];
  } else {
    throw new Error('usage: run-stand-in.ts okx|coinbase|bitfinex [port]');
  }
  process.stdout.write(`${JSON.stringify({ exchange, url: running.url, simulated: true, credentials })}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.message : error)}\n`);
  process.exit(2);
});
