import {
  csvLine,
  describeOrderReason,
  type ExportContext,
  type OrderReason,
  POSITIONS_CSV_HEADER,
  positionCsvRow,
  type RecordsRange,
  readOrderReason,
  TRADES_CSV_HEADER,
  TRANSACTIONS_CSV_HEADER,
  tradeCsvRow,
  transactionCsvRow,
} from '@balancer/core';
import type { Db } from '../../trading/database.js';
import { positionRecords } from '../../trading/position-record.js';
import {
  keysetPages,
  type RecordCursor,
  selectPositionsAfter,
  selectTradesAfter,
  selectTransactionsAfter,
} from '../../trading/record-pages.js';
import type { EngineSettingsService } from '../../trading/settings.js';
import { toTradeRecord } from '../../trading/trades-repository.js';
import { toTransactionRecord } from '../../trading/transactions-repository.js';

/** Rows read a page at a time: a year of trades at one a minute is 526 pages, never all at once. */
export const EXPORT_PAGE_ROWS = 1000;
/** Positions are computed from their trades, so fewer a page. */
export const EXPORT_POSITION_PAGE_ROWS = 100;

/**
 * The Reason column, in words as the screens say it (core's describeOrderReason): a transaction's
 * stored reason, "Reason not recorded (before this version)" for one placed before reasons were
 * stored, and '' for a trade no transaction of Balancer's placed (a manual trade, say). A trade's
 * reason is its transaction's. The one place the exports read a reason.
 */
export function reasonText(reason: OrderReason | null | undefined): string {
  return reason === undefined ? '' : describeOrderReason(reason);
}

/** The stored reasons of a page's transactions, by id (one query a page). */
async function reasonsOf(db: Db, ids: readonly (string | null)[]): Promise<Map<string, OrderReason | null>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('transaction')
    .select(['id', 'reason'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((row) => [String(row.id), row.reason === null ? null : readOrderReason(row.reason)]),
  );
}

/** The CSV text of one page: its lines joined (one chunk for the stream). */
const chunk = (lines: string[]) => lines.join('');

/** trades.csv: the header, then the trades of [from, to) oldest first, page by page. */
export async function* tradesCsv(
  db: Db,
  range: RecordsRange,
  context: ExportContext,
): AsyncGenerator<string> {
  yield csvLine(TRADES_CSV_HEADER);
  const pages = keysetPages(
    EXPORT_PAGE_ROWS,
    (after: RecordCursor | null, size) => selectTradesAfter(db, range, after, size),
    (last) => ({ time: Number(last.time), id: last.id }),
  );
  for await (const rows of pages) {
    const reasons = await reasonsOf(
      db,
      rows.map((row) => (row.transaction_id === null ? null : String(row.transaction_id))),
    );
    yield chunk(
      rows.map((row) => {
        const id = row.transaction_id === null ? null : String(row.transaction_id);
        const reason = id === null || !reasons.has(id) ? undefined : reasons.get(id);
        return csvLine(tradeCsvRow(toTradeRecord(row), context, reasonText(reason)));
      }),
    );
  }
}

/** transactions.csv: the header, then the transactions placed in [from, to) in the order placed. */
export async function* transactionsCsv(db: Db, range: RecordsRange): AsyncGenerator<string> {
  yield csvLine(TRANSACTIONS_CSV_HEADER);
  const pages = keysetPages(
    EXPORT_PAGE_ROWS,
    (after: string | null, size) => selectTransactionsAfter(db, range, after, size),
    (last) => last.id,
  );
  for await (const rows of pages)
    yield chunk(
      rows.map((row) => {
        const record = toTransactionRecord(row);
        return csvLine(transactionCsvRow(record, reasonText(record.reason ?? null)));
      }),
    );
}

/** positions.csv: the header, then the positions opened in [from, to), oldest first, as the screens compute them. */
export async function* positionsCsv(
  db: Db,
  range: RecordsRange,
  settings: EngineSettingsService,
  quoteAsset: string,
): AsyncGenerator<string> {
  yield csvLine(POSITIONS_CSV_HEADER);
  const strategy = await settings.get('strategy');
  const pages = keysetPages(
    EXPORT_POSITION_PAGE_ROWS,
    (after: RecordCursor | null, size) => selectPositionsAfter(db, 'open', range, after, size),
    (last) => ({ time: Number(last.open), id: last.id }),
  );
  for await (const rows of pages) {
    const records = await positionRecords(db, rows, strategy);
    yield chunk(records.map((record) => csvLine(positionCsvRow(record, quoteAsset))));
  }
}
