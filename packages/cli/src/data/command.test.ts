import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CCXT_EXCHANGE_IDS } from '@balancer/engine';
import { type BinanceServer, type ServerCandle, startBinanceServer } from '@balancer/engine/testing';
import { listDataSets, SHIPPED_DATA_DIR } from '@balancer/server/data-sets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataCommand } from './command.js';
import { DATA_EXCHANGES } from './usage.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2024, 0, 1);
const dir = mkdtempSync(path.join(tmpdir(), 'balancer-data-cli-'));
let server: BinanceServer;
beforeAll(async () => {
  server = await startBinanceServer({ now: () => T0 + 5_000 * MINUTE });
  const candles: ServerCandle[] = [];
  for (let i = 0; i < 1_500; i++) {
    if (i >= 700 && i < 705) continue;
    candles.push({
      openTime: T0 + i * MINUTE,
      open: '100',
      high: '101',
      low: '99',
      close: '100.5',
      volume: '2',
    });
  }
  server.state.setCandles('BTCUSDT', '1m', candles);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(argv: string[], now = T0 + 1_200 * MINUTE) {
  let out = '';
  let err = '';
  const code = await dataCommand(argv, {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    tty: false,
    env: { BALANCER_DATA_DIR: dir, EXCHANGE_API_URL: `${server.url}/api/v3` },
    now: () => now,
  });
  return { code, out, err };
}

describe('npm run cli -- data', () => {
  it('downloads, reports progress and the gap, then lists and fetches only what is new', async () => {
    const first = await cli([
      'download',
      '--exchange',
      'binance',
      '--timeframe',
      '1m',
      '--since',
      '2024-01-01',
    ]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toContain('binance-BTC-USDT-1m: 1,195 new candles, 1,195 in all');
    expect(first.out).toContain('2024-01-01 00:00 → 2024-01-01 19:59 UTC');
    expect(first.out).toContain('gap: 5 candles missing after 2024-01-01 11:39');
    expect(first.err).toMatch(/^ 83% up to 2024-01-01 16:44 UTC, 1,000 candles\n/);
    expect(first.err).toContain('100% up to 2024-01-01 19:59 UTC, 1,195 candles');

    // What the lab lists: the shipped sets of market-data/ first, then the downloads.
    const listed = await cli(['list']);
    const lines = listed.out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^binance-btcusdt-15m\.csv\.gz {2}shipped {2}15m {2}\d{4}-\d\d-\d\d \d\d:\d\d → /,
    );
    expect(lines[1]).toMatch(/^coinbase-btcusd-1h\.csv\.gz {2}shipped {2}1h {2}/);
    expect(lines[2]).toBe(
      'binance-BTC-USDT-1m.candles  downloaded  1m  2024-01-01 00:00 → 2024-01-01 19:59  1,195 candles  5 missing  0.1 MB  binance BTC/USDT: binance fetchOHLCV via ccxt',
    );
    const lab = await listDataSets({ shipped: SHIPPED_DATA_DIR, downloaded: path.join(dir, 'market-data') });
    expect(lab.map((set) => set.name)).toEqual(lines.map((line) => line.split('  ')[0]));

    const again = await cli([
      'download',
      '--exchange',
      'binance',
      '--timeframe',
      '1m',
      '--since',
      '2024-01-01',
    ]);
    expect(again.out).toContain('up to date (1,195 candles)');
    const later = await cli(
      ['download', '--exchange', 'binance', '--timeframe', '1m', '--since', '2024-01-01'],
      T0 + 1_400 * MINUTE,
    );
    expect(later.out).toContain('200 new candles (continued), 1,395 in all');

    expect(await cli(['remove', 'binance-BTC-USDT-1m'])).toMatchObject({
      code: 0,
      out: 'binance-BTC-USDT-1m.candles: removed\n',
    });
    expect((await cli(['list'])).out).not.toContain('binance-BTC-USDT-1m');
    // Shipped sets are listed, never removed.
    const shipped = await cli(['remove', 'coinbase-btcusd-1h.csv.gz']);
    expect(shipped.code).toBe(1);
    expect(shipped.err).toMatch(/coinbase-btcusd-1h\.csv\.gz/);
  });

  it('refuses bad flags with code 2 and a coded message, and an unknown set with 1', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ['download', '--exchange', 'mtgox', '--timeframe', '1m', '--since', '2024-01-01'],
        /--exchange must be one of/,
      ],
      [['download', '--exchange', 'binance', '--timeframe', 'soon', '--since', '2024-01-01'], /--timeframe/],
      [
        ['download', '--exchange', 'binance', '--timeframe', '1m', '--since', '1 Jan'],
        /--since must be a date YYYY-MM-DD/,
      ],
      [
        ['download', '--exchange', 'binance', '--timeframe', '1m', '--since', '2024-02-30'],
        /--since must be a date YYYY-MM-DD/,
      ],
      [
        ['download', '--exchange', 'binance', '--timeframe', '1m', '--since', '2999-01-01'],
        /--since must be a past day/,
      ],
      [
        [
          'download',
          '--exchange',
          'binance',
          '--timeframe',
          '1m',
          '--since',
          '2024-01-01',
          '--symbol',
          'btc',
        ],
        /--symbol/,
      ],
      [['remove', '../secrets'], /remove wants a NAME/],
      [['explode'], /unknown: data explode/],
      [['list', '--colour'], /Unknown option '--colour'/],
    ];
    for (const [argv, message] of cases) {
      const result = await cli(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
    }
    expect(await cli(['remove', 'binance-BTC-USDT-9m'])).toMatchObject({ code: 1 });
  });

  it('names every exchange of the engine in its usage', () => {
    expect(DATA_EXCHANGES).toBe(CCXT_EXCHANGE_IDS.join(', '));
  });
});
