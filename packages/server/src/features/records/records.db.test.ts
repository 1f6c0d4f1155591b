import { parseCodedMessage, TRADES_CSV_HEADER } from '@balancer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { DatabaseEngineStore } from '../../trading/engine-store.js';
import {
  ASSETS,
  exchangeTrade,
  fillsOf,
  finishedTransaction,
  MINUTE,
  resetTrading,
  T0,
} from '../../trading/test-support.js';
import { insertTrades } from '../../trading/trades-repository.js';
import { EXPORT_PAGE_ROWS, tradesCsv } from './exporter.js';

const DAY = 1440 * MINUTE;
const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);
const lines = (csv: string) => csv.split('\r\n').slice(0, -1);
const iso = (ms: number) => new Date(ms).toISOString();

// Position 1 (closed 2026-01-01, +6): buy 0.002 at 95,000, sell at 98,000.
// Position 2 (closed 2026-01-03, −1.096): buy 0.001 at 96,000 with a 0.000001 BTC fee, sell the rest at 95,000.
// Position 3 (active, 2026-02-10): buy 0.001 at 90,000 with a 0.09 USDT fee.
const trades = [
  exchangeTrade('7001', 'BUY', T0, '95000', '0.002'),
  exchangeTrade('7002', 'SELL', T0 + 30 * MINUTE, '98000', '0.002'),
  exchangeTrade('7003', 'BUY', T0 + 2 * DAY, '96000', '0.001', {
    commission: '0.000001',
    commissionAsset: 'BTC',
  }),
  exchangeTrade('7004', 'SELL', T0 + 2 * DAY + 60 * MINUTE, '95000', '0.000999'),
  exchangeTrade('7005', 'BUY', T0 + 40 * DAY, '90000', '0.001', {
    commission: '0.09',
    orderId: '=HYPERLINK("x")',
  }),
];

/** tx[1]'s reason, as the engine stores it when it decides. */
const LEVEL_ONE = {
  rule: 'decrease-level',
  level: 1,
  gain: 1.2,
  requirement: 1,
  share: 100,
  wholePosition: false,
  price: '96000',
  amountBase: '0.002',
  amountQuote: '192.00',
} as const;
const LEVEL_ONE_WORDS = 'Decrease level 1: gain 1.2 % ≥ 1 %, sold 100 % of the position';

describeEachDatabase('records: exports, profit by period, list filters', (ctx) => {
  let ops: ReadyOpsApp;
  const tx: string[] = [];
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle, {
      config: { QUOTE_ASSET: 'USDT', EXCHANGE_MODE: 'simulator' },
    });
    const store = new DatabaseEngineStore(ops.platform, ASSETS);
    await resetTrading(ctx().handle.db);
    for (let i = 0; i < 3; i += 1) tx.push(await store.reserveTransactionId());
    const auto = { level: null, manual: false };
    await store.saveTransaction(
      finishedTransaction(tx[0]!, 'BUY', '0.002', T0 - 5_000, fillsOf([trades[0]!])),
      {
        kind: 'increase',
        ...auto,
      },
    );
    await store.saveTransaction(
      finishedTransaction(tx[1]!, 'SELL', '0.002', T0 + 29 * MINUTE, fillsOf([trades[1]!])),
      { kind: 'decrease', level: 0, manual: false, reason: LEVEL_ONE },
    );
    await store.saveTransaction(
      finishedTransaction(tx[2]!, 'BUY', '0.001', T0 + 40 * DAY - 5_000, [], 'PROCESSING'),
      {
        kind: 'increase',
        level: null,
        manual: true,
      },
    );
    await store.addExchangeTrades(trades.slice(0, 2));
    await store.addExchangeTrades(trades.slice(2, 4));
    await store.addExchangeTrades(trades.slice(4));
  });
  afterAll(() => ops.app.close());

  const call = (url: string, authority: 1 | 2 | null = 2) =>
    ops.app.inject({ method: 'GET', url, headers: authority === null ? {} : asUser(authority) });
  const data = async <T = never>(url: string): Promise<T> => {
    const response = await call(url);
    const body = response.json() as { data: unknown; error: string | null };
    expect(body.error, url).toBeNull();
    return body.data as T;
  };
  const refusal = async (url: string, authority: 1 | 2 | null = 2) =>
    codeOf((await call(url, authority)).json<{ error: string | null }>().error);

  describe('exports', () => {
    it('writes trades.csv with exactly the header row, exact decimals, formula-safe', async () => {
      const response = await call('/exports/trades.csv?from=2026-01-01&to=2026-03-01');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="balancer-trades.csv"');
      const rows = lines(response.body);
      expect(rows[0]).toBe(
        'Date (UTC),Side,Amount (BTC),Price,Quote amount,Quote asset,Fee,Fee asset,Exchange,Order id,Client order id,Position,Reason',
      );
      expect(rows[0]).toBe(TRADES_CSV_HEADER.join(','));
      expect(rows).toHaveLength(6);
      expect(rows[1]).toMatch(
        /^2026-01-01 00:00:00,buy,0.002,95000,190,USDT,0,USDT,simulator,order-7001,,\d+,Reason not recorded \(before this version\)$/,
      );
      expect(rows[3]).toMatch(/^2026-01-03 00:00:00,buy,0.001,96000,96,USDT,0.000001,BTC,simulator,/);
      // A trade's reason is its transaction's (tx[1], the level-1 sell), in words.
      // (quoted: the words hold a comma).
      expect(rows[2]).toMatch(/^2026-01-01 00:30:00,sell,0.002,98000,196,USDT,/);
      expect(rows[2]?.endsWith(`,"${LEVEL_ONE_WORDS}"`)).toBe(true);
      // An order id that a spreadsheet would run as a formula is quoted and defused.
      expect(rows[5]).toContain(`"'=HYPERLINK(""x"")"`);
    });

    it('writes rows whose quote amounts add up to the positions they belong to', async () => {
      const positions = lines((await call('/exports/positions.csv')).body);
      expect(positions[0]).toBe(
        'Position,Opened (UTC),Closed (UTC),State,Archived,Entry price,Amount (BTC),Quote in,Quote out,Value,Profit,ROI (%),Quote asset,Price',
      );
      expect(positions.slice(1).map((row) => row.split(',').slice(1, 4))).toEqual([
        ['2026-01-01 00:00:00', '2026-01-01 00:30:00', 'closed'],
        ['2026-01-03 00:00:00', '2026-01-03 01:00:00', 'closed'],
        ['2026-02-10 00:00:00', '', 'open'],
      ]);
      const tradeRows = lines((await call('/exports/trades.csv')).body)
        .slice(1)
        .map((row) => row.split(','));
      for (const position of positions.slice(1).map((row) => row.split(','))) {
        const own = tradeRows.filter((row) => row[11] === position[0]);
        const sum = (side: string) =>
          own.filter((row) => row[1] === side).reduce((total, row) => total + Number(row[4]), 0);
        // Quote in = buys + fees paid in USDT (rounded to 2 dp); quote out = sells.
        const fees = own.filter((row) => row[7] === 'USDT').reduce((total, row) => total + Number(row[6]), 0);
        expect(Number(position[7])).toBeCloseTo(sum('buy') + fees, 2);
        expect(Number(position[8])).toBeCloseTo(sum('sell'), 2);
      }
    });

    it('writes transactions.csv, and the header alone for an empty range', async () => {
      const rows = lines((await call('/exports/transactions.csv')).body);
      expect(rows[0]).toBe(
        'Date (UTC),Transaction,Side,Amount (BTC),State,Attempts,Kind,Decrease level,Manual,Position,Reason',
      );
      // The reason in words as on screen; one placed before reasons were stored says so.
      expect(rows.slice(1).map((row) => row.slice(row.lastIndexOf(',"') + 1))).toEqual([
        expect.stringMatching(/,Reason not recorded \(before this version\)$/),
        `"${LEVEL_ONE_WORDS}"`,
        expect.stringMatching(/,Reason not recorded \(before this version\)$/),
      ]);
      expect(rows.slice(1).map((row) => row.split(',').slice(1, 9))).toEqual([
        [tx[0], 'buy', '0.002', 'succeeded', '1', 'increase', '', 'no'],
        [tx[1], 'sell', '0.002', 'succeeded', '1', 'decrease', '0', 'no'],
        [tx[2], 'buy', '0.001', 'processing', '1', 'increase', '', 'yes'],
      ]);
      for (const name of ['trades', 'transactions', 'positions']) {
        const empty = await call(`/exports/${name}.csv?from=2030-01-01&to=2030-02-01`);
        expect(lines(empty.body), name).toHaveLength(1);
        const same = await call(`/exports/${name}.csv?from=2026-01-01&to=2026-01-01`);
        expect(lines(same.body), name).toHaveLength(1);
      }
    });

    it('reads the trades a page at a time', async () => {
      const many = Array.from({ length: 2 * EXPORT_PAGE_ROWS + 5 }, (_, i) => ({
        exchange_trade_id: `bulk-${i}`,
        position_id: null,
        transaction_id: null,
        side: 'BUY' as const,
        time: Date.UTC(2031, 0, 1) + (i % 7) * 1000,
        price: '100000',
        amount: '0.0001',
        quote_amount: '10',
        commission: '0',
        commission_asset: 'QUOTE' as const,
        source: 'exchange' as const,
        order_id: `bulk-${i}`,
        client_order_id: null,
      }));
      await insertTrades(ctx().handle.db, many);
      const chunks: string[] = [];
      const range = { from: Date.UTC(2031, 0, 1), to: Date.UTC(2031, 0, 2) };
      for await (const chunk of tradesCsv(ctx().handle.db, range, { quoteAsset: 'USDT', exchange: 'x' }))
        chunks.push(chunk);
      // The header, then three pages (1000, 1000, 5), each one chunk; every row once, in time order.
      expect(chunks.map((chunk) => lines(chunk).length)).toEqual([1, 1000, 1000, 5]);
      const ids = chunks.slice(1).flatMap((chunk) => lines(chunk).map((row) => row.split(',')[9]));
      expect(new Set(ids).size).toBe(many.length);
      await ctx().handle.db.deleteFrom('trade').where('exchange_trade_id', 'like', 'bulk-%').execute();
    });

    it('refuses bad ranges with coded errors, and callers below authority 2', async () => {
      for (const name of ['trades', 'transactions', 'positions']) {
        expect(await refusal(`/exports/${name}.csv?from=2026-02-01&to=2026-01-01`)).toBe(6601);
        expect(await refusal(`/exports/${name}.csv?from=2026-02-30`)).toBe(6600);
        expect(await refusal(`/exports/${name}.csv?to=yesterday`)).toBe(6600);
        expect(await refusal(`/exports/${name}.csv?from=2010-01-01&to=2026-01-01`)).toBe(6602);
        expect(await refusal(`/exports/${name}.csv`, 1)).toBe(4002);
        expect(await refusal(`/exports/${name}.csv`, null)).toBe(4252);
      }
    });
  });

  describe('profit by period', () => {
    it("totals the closed positions' realised profit, period by period", async () => {
      const positions: Array<{ close: number | null; pnl: string }> = await data(
        '/position/records?limit=30',
      );
      const realised = positions
        .filter((position) => position.close !== null)
        .reduce((total, position) => total + Number(position.pnl), 0);
      for (const period of ['day', 'week', 'month', 'year']) {
        const table: { totals: { realisedPnl: string; closedPositions: number }; rows: unknown[] } =
          await data(`/position/pnl?period=${period}&from=2025-12-01&to=2026-12-01`);
        expect(Number(table.totals.realisedPnl), period).toBeCloseTo(realised, 8);
        expect(table.totals.closedPositions).toBe(2);
      }
      const days = await data<{
        replay: boolean;
        quoteAsset: string;
        rows: Array<Record<string, unknown>>;
      }>('/position/pnl?period=day&from=2026-01-01&to=2026-03-01');
      expect(days.replay).toBe(true);
      expect(days.quoteAsset).toBe('USDT');
      expect(days.rows.map((row) => iso(row.start as number).slice(0, 10))).toEqual([
        '2026-01-01',
        '2026-01-03',
        '2026-02-10',
      ]);
      expect(days.rows[0]).toMatchObject({
        end: T0 + DAY,
        realisedPnl: '6',
        closedPositions: 1,
        boughtBase: '0.002',
        soldBase: '0.002',
        avgBuyPrice: '95000',
        avgSellPrice: '98000',
      });
      // A fee paid in BTC is valued at its trade's price: 0.000001 × 96,000 = 0.096.
      expect(Number((days.rows[1] as { fees: string }).fees)).toBeCloseTo(0.096, 10);
      expect(days.rows[2]).toMatchObject({ realisedPnl: '0', closedPositions: 0, avgSellPrice: null });
      const weeks = await data<{ rows: Array<{ start: number }> }>(
        '/position/pnl?period=week&from=2025-12-01',
      );
      // 2026-01-01 is a Thursday: its ISO week starts on Monday 2025-12-29.
      expect(iso(weeks.rows[0]!.start)).toBe('2025-12-29T00:00:00.000Z');
    });

    it('refuses an unknown period and bad ranges with coded errors, and callers below authority 2', async () => {
      expect(await refusal('/position/pnl?period=fortnight')).toBe(6603);
      expect(await refusal('/position/pnl')).toBe(6603);
      expect(await refusal('/position/pnl?period=day&from=2026-13-01')).toBe(6600);
      expect(await refusal('/position/pnl?period=day&from=2026-02-01&to=2026-01-01')).toBe(6601);
      expect(await refusal('/position/pnl?period=year&from=2000-01-01&to=2026-01-01')).toBe(6602);
      expect(await refusal('/position/pnl?period=day', 1)).toBe(4002);
      expect(await refusal('/position/pnl?period=day', null)).toBe(4252);
    });
  });

  describe('list filters', () => {
    const ids = (list: Array<{ id: number }>) => list.map((record) => record.id);
    it('narrows Positions by state, opening date and result', async () => {
      const all: Array<{ id: number }> = await data('/position/records?limit=30');
      const [p3, p2, p1] = ids(all);
      expect(ids(await data('/position/records?limit=30&state=open'))).toEqual([p3]);
      expect(ids(await data('/position/records?limit=30&state=closed'))).toEqual([p2, p1]);
      // Position 3 is worth its buy less its fee: a loss so far.
      expect(ids(await data('/position/records?limit=30&result=profit'))).toEqual([p1]);
      expect(ids(await data('/position/records?limit=30&result=loss'))).toEqual([p3, p2]);
      expect(ids(await data('/position/records?limit=30&result=loss&state=closed'))).toEqual([p2]);
      expect(ids(await data('/position/records?limit=30&from=2026-01-02&to=2026-02-01'))).toEqual([p2]);
      expect(ids(await data('/position/records?limit=1&state=closed'))).toEqual([p2]);
      expect(
        ids(await data(`/position/records?limit=1&state=closed&startAtOpenTime=${T0 + 2 * DAY}`)),
      ).toEqual([p1]);
      expect(await refusal('/position/records?limit=5&from=2026-02-01&to=2026-01-01')).toBe(6601);
      expect(await refusal('/position/records?limit=5&state=maybe')).toBe(6503);
    });

    it('narrows Transactions by side, state, date and reason', async () => {
      const [t0, t1, t2] = tx.map(Number);
      expect(ids(await data('/position/transactions?limit=30&side=SELL'))).toEqual([t1]);
      expect(ids(await data('/position/transactions?limit=30&state=PROCESSING'))).toEqual([t2]);
      expect(ids(await data('/position/transactions?limit=30&reason=manual'))).toEqual([t2]);
      expect(ids(await data('/position/transactions?limit=30&reason=increase'))).toEqual([t0]);
      expect(ids(await data('/position/transactions?limit=30&reason=decrease'))).toEqual([t1]);
      expect(ids(await data('/position/transactions?limit=30&from=2026-01-01&to=2026-02-01'))).toEqual([t1]);
      expect(ids(await data(`/position/transactions?limit=30&side=BUY&startAtID=${t2}`))).toEqual([t0]);
      expect(await refusal('/position/transactions?limit=5&from=not-a-date')).toBe(6600);
    });
  });
});
