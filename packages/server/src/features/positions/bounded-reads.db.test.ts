import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { MAX_HISTORY_CANDLES } from '../../trading/price-history.js';
import { selectTradesOfPositions, storedExchangeIds } from '../../trading/trades-repository.js';

// Reads stay bounded however much history there is: 70,000 closed positions (more than
// PostgreSQL's 65,535 bind parameters, which a list of one parameter per row used to hit) and a
// position with 20,000 minutes of prices.

const POSITIONS = 70_000;
const START = 1_700_000_000_000;
const MINUTE = 60_000;

describeEachReadyApp(
  'bounded reads',
  (ready) => {
    let longId = '';
    let headers: Record<string, string> = {};
    beforeAll(async () => {
      const { db, services } = ready();
      const root = (await services.accounts.listUsers()).find((user) => user.authority === 5);
      headers = { authorization: `Bearer ${await services.accounts.issueAccessToken(root?.id ?? '')}` };
      // Closed positions half an hour apart (70,000 × 30 min = 4 years, within the 6-year range), one buy each (a position's trades are what the API computes).
      await sql`insert into position (open, close)
        select ${START}::bigint + n::bigint * 1800000, ${START}::bigint + n::bigint * 1800000 + 60000
        from generate_series(1, ${POSITIONS}) as n`.execute(db);
      await sql`insert into trade (exchange_trade_id, position_id, side, time, price, amount, quote_amount, commission, commission_asset, source)
        select 'bulk-' || p.id, p.id, 'BUY', p.open, 50000, 0.001, 50, 0, 'QUOTE', 'exchange' from position p`.execute(
        db,
      );
      const long = await sql<{ id: string }>`select id::text from position order by open limit 1`.execute(db);
      longId = long.rows[0]?.id ?? '';
      await sql`insert into position_price (position_id, minute_time, open, high, low, close)
        select ${longId}::bigint, ${START}::bigint + n::bigint * ${MINUTE}::bigint, 100 + n, 101 + n, 99 + n, 100.5 + n
        from generate_series(0, 19999) as n`.execute(db);
    }, 600_000);

    it('answers a range query a page at a time, at most 100 records', async () => {
      const first = await ready().app.inject({
        method: 'GET',
        url: `/position/records/range?startAt=${START}&endAt=${START + (POSITIONS + 1) * 1_800_000}`,
        headers,
      });
      const page = first.json() as { success: boolean; data: { id: number; open: number }[] };
      expect(page.success).toBe(true);
      expect(page.data).toHaveLength(100);
      const oldest = page.data.at(-1)?.open ?? 0;
      const next = await ready().app.inject({
        method: 'GET',
        url: `/position/records/range?startAt=${START}&limit=5&startAtOpenTime=${oldest}`,
        headers,
      });
      const second = next.json() as { data: { open: number }[] };
      expect(second.data.map((record) => record.open)).toEqual(
        [1, 2, 3, 4, 5].map((step) => oldest - step * 1_800_000),
      );
    });

    it('looks up 70,000 ids in one statement', async () => {
      const { db } = ready();
      const ids = Array.from({ length: POSITIONS }, (_, index) => `bulk-${index + 1}`);
      expect((await storedExchangeIds(db, ids)).size).toBeGreaterThan(60_000);
      const positions = await sql<{ id: string }>`select id::text from position`.execute(db);
      const trades = await selectTradesOfPositions(
        db,
        positions.rows.map((row) => row.id),
      );
      expect(trades).toHaveLength(POSITIONS);
    });

    it("merges a long position's minute prices into at most 5,000 candles", async () => {
      const answer = await ready().app.inject({
        method: 'GET',
        url: `/position/event-history/${longId}`,
        headers,
      });
      const history = (answer.json() as { data: Record<'id' | 'open' | 'high' | 'low' | 'close', number[]> })
        .data;
      // 20,000 minutes over 5,000 candles: 4 minutes each, so 5,000 candles.
      expect(history.id).toHaveLength(MAX_HISTORY_CANDLES);
      expect(history.id[1]! - history.id[0]!).toBe(4 * MINUTE);
      // The first candle covers minutes 0–3: open of minute 0, high of minute 3, low of 0, close of 3.
      expect([history.open[0], history.high[0], history.low[0], history.close[0]]).toEqual([
        100, 104, 99, 103.5,
      ]);
    });
  },
  { engine: false },
);
