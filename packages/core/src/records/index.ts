export { type CsvValue, csvField, csvLine, csvText } from './csv.js';
export {
  type ExportContext,
  POSITIONS_CSV_HEADER,
  positionCsvRow,
  TRADES_CSV_HEADER,
  TRANSACTIONS_CSV_HEADER,
  tradeCsvRow,
  transactionCsvRow,
} from './export-rows.js';
export { nextPeriodStart, PROFIT_PERIODS, type ProfitPeriod, periodStart, readPeriod } from './periods.js';
export {
  type ClosedPositionProfit,
  type PeriodTradeSums,
  type ProfitRow,
  type ProfitTotals,
  profitRows,
  profitTotals,
} from './profit.js';
export { MAX_RECORDS_RANGE_MS, parseUtcDate, type RecordsRange, recordsRange, utcDateTime } from './range.js';
