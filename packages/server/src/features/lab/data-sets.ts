import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { CodedError, LAB_GAPS_LISTED, type LabDataSet, type LabDataSetGaps } from '@balancer/core';
import {
  CANDLE_SET_EXTENSION,
  findGaps,
  intervalLabel,
  loadCandleFileInTurns,
  readCandleFileEnds,
} from '@balancer/engine';

/** Where the lab finds candle files: the shipped folder and the downloads' folder. */
export interface DataSetFolders {
  /** market-data/ of the install: *.csv.gz and *.csv. */
  shipped: string;
  /** `${BALANCER_DATA_DIR}/market-data`: *.candles sets from `npm run cli -- data download`. */
  downloaded: string;
}

const SHIPPED = (name: string) => /\.csv(\.gz)?$/.test(name);
const DOWNLOADED = (name: string) => name.endsWith(CANDLE_SET_EXTENSION);

/** A set's listed figures, and its candles' interval (ms) for the checks before a run. */
type Summary = Omit<LabDataSet, 'name' | 'origin' | 'bytes'> & { intervalMs: number };

/** A listed set, its file and interval. */
export interface DescribedDataSet {
  set: LabDataSet;
  file: string;
  intervalMs: number;
}

/** Candles missing between the first and the last open time, `count` being there. */
function missing(first: number | null, last: number | null, intervalMs: number, count: number): number {
  if (first === null || last === null || !(intervalMs > 0)) return 0;
  return Math.max(0, Math.round((last - first) / intervalMs) + 1 - count);
}

/**
 * A downloaded set's figures from its header and its first and last rows (a few reads, whatever
 * its size); a shipped CSV is loaded once (in turns, off the main thread's way) per version of the
 * file. Summaries are kept by path, size and modification time.
 */
const summaries = new Map<string, { version: string; summary: Summary }>();

async function summarise(file: string, origin: LabDataSet['origin'], version: string): Promise<Summary> {
  const kept = summaries.get(file);
  if (kept?.version === version) return kept.summary;
  let summary: Summary;
  if (origin === 'downloaded') {
    const { header, first, last } = readCandleFileEnds(file);
    const { exchange, symbol, timeframe, source } = header.info;
    summary = {
      timeframe,
      provenance: `${exchange} ${symbol}: ${source}`,
      candles: header.rows,
      fromMs: first,
      toMs: last,
      missingCandles: missing(first, last, header.intervalMs, header.rows),
      intervalMs: header.intervalMs,
    };
  } else {
    const { table, source } = await loadCandleFileInTurns(file, path.basename(file));
    const first = table.length > 0 ? table.time[0]! : null;
    const last = table.length > 0 ? table.time[table.length - 1]! : null;
    summary = {
      timeframe: intervalLabel(table.intervalMs),
      provenance: source.provenance,
      candles: table.length,
      fromMs: first,
      toMs: last,
      missingCandles: missing(first, last, table.intervalMs, table.length),
      intervalMs: table.intervalMs,
    };
  }
  summaries.set(file, { version, summary });
  return summary;
}

/**
 * The files of `dir` whose name `matches`, with their sizes and figures; an absent folder has
 * none, and a file that cannot be read as candles (a partial copy, say) is left out.
 */
async function filesIn(
  dir: string,
  matches: (name: string) => boolean,
  origin: LabDataSet['origin'],
): Promise<DescribedDataSet[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const sets: DescribedDataSet[] = [];
  for (const name of names.filter(matches).sort()) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const summary = await summarise(file, origin, `${info.size}/${info.mtimeMs}`).catch(() => null);
    if (!summary) continue;
    const { intervalMs, ...figures } = summary;
    sets.push({ set: { name, origin, bytes: info.size, ...figures }, file, intervalMs });
  }
  return sets;
}

async function describeAll(folders: DataSetFolders): Promise<DescribedDataSet[]> {
  return [
    ...(await filesIn(folders.shipped, SHIPPED, 'shipped')),
    ...(await filesIn(folders.downloaded, DOWNLOADED, 'downloaded')),
  ];
}

/** Every data set, shipped first, each list by name. */
export async function listDataSets(folders: DataSetFolders): Promise<LabDataSet[]> {
  return (await describeAll(folders)).map((described) => described.set);
}

/**
 * A listed data set by its exact name (never a path the caller builds: names come from the
 * listing only), with its file and interval; LAB_DATA_SET_UNKNOWN otherwise.
 */
export async function describeDataSet(folders: DataSetFolders, name: string): Promise<DescribedDataSet> {
  const found = (await describeAll(folders)).find((described) => described.set.name === name);
  if (!found) throw new CodedError('LAB_DATA_SET_UNKNOWN', name.slice(0, 80));
  return found;
}

/**
 * Refuses at once (BACKTEST_NO_CANDLES, 5900, as the run would) a range in which the set cannot
 * have 2 candles: where it overlaps the set's open times by less than 2 intervals. A set with
 * gaps may still have too few where it overlaps more; the run then says so.
 */
export function assertRangeHasCandles(
  described: DescribedDataSet,
  range: { fromMs?: number; toMs?: number },
): void {
  const { set, intervalMs } = described;
  if (set.fromMs === null || set.toMs === null || !(intervalMs > 0)) {
    if (set.candles < 2)
      throw new CodedError('BACKTEST_NO_CANDLES', `${set.name} has ${set.candles} candle(s)`);
    return;
  }
  const start = Math.max(range.fromMs ?? set.fromMs, set.fromMs);
  const end = Math.min(range.toMs ?? Number.POSITIVE_INFINITY, set.toMs + intervalMs);
  // Open times start, start + interval, …: two fit when end − start > interval.
  if (!(end - start > intervalMs)) {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    throw new CodedError(
      'BACKTEST_NO_CANDLES',
      `${set.name} has candles from ${day(set.fromMs)} to ${day(set.toMs)}; the range holds fewer than 2 of them`,
    );
  }
}

/**
 * Removes a downloaded set by its listed name (LAB_DATA_SET_UNKNOWN otherwise; a shipped file is
 * LAB_DATA_SET_NOT_REMOVABLE). `downloading` says whether a download of it is queued or running
 * (LAB_DATA_SET_DOWNLOADING: it would write on into the file).
 */
export async function removeDataSet(
  folders: DataSetFolders,
  name: string,
  downloading: (name: string) => boolean,
): Promise<{ name: string }> {
  const found = (await describeDataSet(folders, name)).set;
  if (found.origin !== 'downloaded') throw new CodedError('LAB_DATA_SET_NOT_REMOVABLE', found.name);
  if (downloading(found.name)) throw new CodedError('LAB_DATA_SET_DOWNLOADING', found.name);
  const file = path.join(folders.downloaded, found.name);
  summaries.delete(file);
  gapLists.delete(file);
  await rm(file, { force: true });
  return { name: found.name };
}

/** The gaps of each set as last computed, by path, size and modification time. */
const gapLists = new Map<string, { version: string; gaps: LabDataSetGaps }>();

/**
 * A listed data set's gaps (LAB_DATA_SET_UNKNOWN otherwise): where its open times step by more
 * than its interval, oldest first, at most LAB_GAPS_LISTED of them. The set is read in turns (off
 * the event loop's way, as a backtest reads it) once per version of its file.
 */
export async function dataSetGaps(folders: DataSetFolders, name: string): Promise<LabDataSetGaps> {
  const { set, file } = await describeDataSet(folders, name);
  const info = await stat(file);
  const version = `${info.size}/${info.mtimeMs}`;
  const kept = gapLists.get(file);
  if (kept?.version === version) return kept.gaps;
  const { table } = await loadCandleFileInTurns(file, path.basename(file));
  const all = findGaps(table.time, table.intervalMs);
  const gaps: LabDataSetGaps = {
    name: set.name,
    intervalMs: table.intervalMs,
    total: all.length,
    missingCandles: all.reduce((sum, gap) => sum + gap.missing, 0),
    gaps: all
      .slice(0, LAB_GAPS_LISTED)
      .map((gap) => ({ afterMs: gap.after, beforeMs: gap.before, missing: gap.missing })),
  };
  gapLists.set(file, { version, gaps });
  return gaps;
}
