import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CodedError, isCodedError } from '@balancer/core';
import {
  CANDLE_SET_EXTENSION,
  candleSetFolder,
  checkDownload,
  createCcxtOhlcvSource,
  type DownloadProgress,
  downloadCandles,
} from '@balancer/engine';
import {
  type DataSetFolders,
  listDataSets,
  removeDataSet,
  SHIPPED_DATA_DIR,
} from '@balancer/server/data-sets';
import { parseDataArgs } from './args.js';
import { DATA_USAGE } from './usage.js';

export interface DataIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (a progress bar redrawn in place; else a line every 10 %). */
  tty: boolean;
  env: NodeJS.ProcessEnv;
  now: () => number;
}

function usage(message: string): CodedError {
  return new CodedError('BACKTEST_INVALID_FLAG', `${message} (npm run cli -- data --help)`);
}

function dataFolder(dir: string | undefined, env: NodeJS.ProcessEnv): string {
  return candleSetFolder(dir ?? env.BALANCER_DATA_DIR ?? './data');
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

function progressPrinter(io: DataIo) {
  let lastTenth = -1;
  return (progress: DownloadProgress) => {
    const percent = Math.floor(progress.fraction * 100);
    const line = `${percent.toString().padStart(3)}% up to ${day(progress.reached)} UTC, ${progress.added.toLocaleString('en-US')} candles`;
    if (io.tty) {
      const filled = Math.round(progress.fraction * 30);
      io.stderr(`\r[${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${line}`);
    } else if (Math.floor(percent / 10) > lastTenth) {
      lastTenth = Math.floor(percent / 10);
      io.stderr(`${line}\n`);
    }
  };
}

async function download(flags: Record<string, string | undefined>, io: DataIo): Promise<string> {
  const now = io.now();
  const {
    exchange,
    symbol,
    timeframe,
    sinceMs: since,
    dataSet,
  } = checkDownload(flags, now, (input) => `--${input}`, usage);
  const folder = dataFolder(flags['data-dir'], io.env);
  mkdirSync(folder, { recursive: true });
  const name = dataSet.slice(0, -CANDLE_SET_EXTENSION.length);
  const source = await createCcxtOhlcvSource({
    exchangeId: exchange,
    symbol,
    timeframe,
    ...(io.env.EXCHANGE_API_URL ? { apiUrl: io.env.EXCHANGE_API_URL } : {}),
  });
  const report = await downloadCandles({
    source,
    file: path.join(folder, `${name}${CANDLE_SET_EXTENSION}`),
    info: { exchange, symbol, timeframe, source: `${exchange} fetchOHLCV via ccxt` },
    intervalMs: source.intervalMs,
    since,
    now,
    onProgress: progressPrinter(io),
  });
  if (io.tty && report.added > 0) io.stderr('\n');
  const lines = [
    report.added === 0
      ? `${name}: up to date (${report.rows.toLocaleString('en-US')} candles)`
      : `${name}: ${report.added.toLocaleString('en-US')} new candles${report.resumed ? ' (continued)' : ''}, ${report.rows.toLocaleString('en-US')} in all`,
  ];
  if (report.first !== null && report.last !== null)
    lines.push(`  ${day(report.first)} → ${day(report.last)} UTC`);
  for (const gap of report.gaps)
    lines.push(`  gap: ${gap.missing} candles missing after ${day(gap.after)} (the exchange has none)`);
  return `${lines.join('\n')}\n`;
}

/** Where the lab finds candle sets: the shipped market-data/ and the data folder's downloads. */
function foldersOf(flags: Record<string, string | undefined>, io: DataIo): DataSetFolders {
  return { shipped: SHIPPED_DATA_DIR, downloaded: dataFolder(flags['data-dir'], io.env) };
}

/** What the lab lists (the server's own listing, `listDataSets`), one line a set. */
async function list(flags: Record<string, string | undefined>, io: DataIo): Promise<string> {
  const folders = foldersOf(flags, io);
  const sets = await listDataSets(folders);
  if (sets.length === 0) return `No candle sets in ${folders.shipped} or ${folders.downloaded}\n`;
  const rows = sets.map((set) => {
    const range =
      set.fromMs !== null && set.toMs !== null ? `${day(set.fromMs)} → ${day(set.toMs)}` : 'empty';
    const mb = (set.bytes / 1_048_576).toFixed(1);
    return `${set.name}  ${set.origin}  ${set.timeframe}  ${range}  ${set.candles.toLocaleString('en-US')} candles  ${set.missingCandles.toLocaleString('en-US')} missing  ${mb} MB  ${set.provenance}`;
  });
  return `${rows.join('\n')}\n`;
}

/** Removes a downloaded set by its listed name (the `.candles` may be left out), as the lab does. */
async function remove(
  name: string | undefined,
  flags: Record<string, string | undefined>,
  io: DataIo,
): Promise<string> {
  if (!name || !/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(name))
    throw usage('remove wants a NAME as data list shows it');
  const listed =
    name.endsWith(CANDLE_SET_EXTENSION) || /\.csv(\.gz)?$/.test(name)
      ? name
      : `${name}${CANDLE_SET_EXTENSION}`;
  const removed = await removeDataSet(foldersOf(flags, io), listed, () => false);
  return `${removed.name}: removed\n`;
}

/** `npm run cli -- data …`; returns the exit code (0 done, 2 bad flags, 1 any other failure). */
export async function dataCommand(argv: readonly string[], io: DataIo): Promise<number> {
  try {
    const { values, positionals } = parseDataArgs(argv);
    const [action, ...rest] = positionals;
    if (values.help || action === undefined) {
      io.stdout(DATA_USAGE);
      return action === undefined && !values.help ? 2 : 0;
    }
    const flags = values as Record<string, string | undefined>;
    if (action === 'download' && rest.length === 0) io.stdout(await download(flags, io));
    else if (action === 'list' && rest.length === 0) io.stdout(await list(flags, io));
    else if (action === 'remove' && rest.length === 1) io.stdout(await remove(rest[0], flags, io));
    else throw usage(`unknown: data ${positionals.join(' ')}`);
    return 0;
  } catch (error) {
    if (isCodedError(error)) {
      io.stderr(`${error.codedMessage}\n`);
      return error.errorName === 'BACKTEST_INVALID_FLAG' ? 2 : 1;
    }
    if (error instanceof TypeError && 'code' in error) {
      io.stderr(`${error.message}\n${DATA_USAGE}`);
      return 2;
    }
    throw error;
  }
}
