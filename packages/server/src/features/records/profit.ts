import {
  type ClosedPositionProfit,
  type PeriodTradeSums,
  type ProfitPeriod,
  type ProfitTable,
  profitRows,
  profitTotals,
  type RecordsRange,
} from '@balancer/core';
import { sql } from 'kysely';
import type { Db } from '../../trading/database.js';
import { positionRecords } from '../../trading/position-record.js';
import { keysetPages, type RecordCursor, selectPositionsAfter } from '../../trading/record-pages.js';
import type { EngineSettingsService } from '../../trading/settings.js';

/** The period's start (epoch ms, UTC) of a ms time column, as PostgreSQL's date_trunc finds it (weeks start on Monday). */
function bucket(column: string, period: ProfitPeriod) {
  return sql<string>`(extract(epoch from date_trunc(${period}, to_timestamp(${sql.ref(column)} / 1000.0) at time zone 'UTC')) * 1000)::bigint::text`;
}

/** Each period's trade sums (exact NUMERIC sums), keyed by its start. */
async function tradeSums(
  db: Db,
  period: ProfitPeriod,
  range: RecordsRange,
): Promise<Map<number, PeriodTradeSums>> {
  const { rows } = await sql<{
    start: string;
    bought_base: string;
    bought_quote: string;
    sold_base: string;
    sold_quote: string;
    fees: string;
  }>`
    select ${bucket('time', period)} as start,
      coalesce(sum(amount) filter (where side = 'BUY'), 0)::text as bought_base,
      coalesce(sum(quote_amount) filter (where side = 'BUY'), 0)::text as bought_quote,
      coalesce(sum(amount) filter (where side = 'SELL'), 0)::text as sold_base,
      coalesce(sum(quote_amount) filter (where side = 'SELL'), 0)::text as sold_quote,
      coalesce(sum(case commission_asset when 'BASE' then commission * price when 'QUOTE' then commission else 0 end), 0)::text as fees
    from trade where time >= ${range.from} and time < ${range.to}
    group by 1`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.start),
      {
        boughtBase: row.bought_base,
        boughtQuote: row.bought_quote,
        soldBase: row.sold_base,
        soldQuote: row.sold_quote,
        fees: row.fees,
      },
    ]),
  );
}

/** Each period's last equity sample, keyed by its start. */
async function periodEquity(db: Db, period: ProfitPeriod, range: RecordsRange): Promise<Map<number, string>> {
  const { rows } = await sql<{ start: string; equity: string }>`
    select distinct on (start) start, equity from (
      select ${bucket('minute_time', period)} as start, minute_time, equity::text as equity
      from equity_sample where minute_time >= ${range.from} and minute_time < ${range.to}
    ) samples
    order by start, minute_time desc`.execute(db);
  return new Map(rows.map((row) => [Number(row.start), row.equity]));
}

/** The pnl of every position closed in the range, computed as the screens compute it, 100 at a time. */
async function closedProfits(
  db: Db,
  range: RecordsRange,
  settings: EngineSettingsService,
): Promise<ClosedPositionProfit[]> {
  const strategy = await settings.get('strategy');
  const closed: ClosedPositionProfit[] = [];
  const pages = keysetPages(
    100,
    (after: RecordCursor | null, size) => selectPositionsAfter(db, 'close', range, after, size),
    (last) => ({ time: Number(last.close), id: last.id }),
  );
  for await (const rows of pages)
    for (const record of await positionRecords(db, rows, strategy))
      closed.push({ close: record.close!, pnl: record.pnl });
  return closed;
}

/** `GET /position/pnl`: profit by period over the range (docs/records.md, Profit by period). */
export async function profitTable(
  db: Db,
  settings: EngineSettingsService,
  query: { period: ProfitPeriod; range: RecordsRange; quoteAsset: string; replay: boolean },
): Promise<ProfitTable> {
  const { period, range } = query;
  const rows = profitRows(
    period,
    await tradeSums(db, period, range),
    await closedProfits(db, range, settings),
    await periodEquity(db, period, range),
  );
  return {
    period,
    from: range.from,
    to: range.to,
    quoteAsset: query.quoteAsset,
    replay: query.replay,
    rows,
    totals: profitTotals(rows),
  };
}
