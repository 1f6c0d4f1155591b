import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { CodedError, type LabDataSet } from '@balancer/core';
import { CANDLE_SET_EXTENSION } from '@balancer/engine';

/** Where the lab finds candle files: the shipped folder and the downloads' folder. */
export interface DataSetFolders {
  /** market-data/ of the install: *.csv.gz and *.csv. */
  shipped: string;
  /** `${BALANCER_DATA_DIR}/market-data`: *.candles sets from `npm run cli -- data download`. */
  downloaded: string;
}

const SHIPPED = (name: string) => /\.csv(\.gz)?$/.test(name);
const DOWNLOADED = (name: string) => name.endsWith(CANDLE_SET_EXTENSION);

/** The files of `dir` whose name `matches`, with their sizes; an absent folder has none. */
async function filesIn(
  dir: string,
  matches: (name: string) => boolean,
  origin: LabDataSet['origin'],
): Promise<LabDataSet[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const sets: LabDataSet[] = [];
  for (const name of names.filter(matches).sort()) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile()) sets.push({ name, origin, bytes: info.size });
  }
  return sets;
}

/** Every data set, shipped first, each list by name. */
export async function listDataSets(folders: DataSetFolders): Promise<LabDataSet[]> {
  return [
    ...(await filesIn(folders.shipped, SHIPPED, 'shipped')),
    ...(await filesIn(folders.downloaded, DOWNLOADED, 'downloaded')),
  ];
}

/**
 * The file of a listed data set by its exact name (never a path the caller builds: names come
 * from the listing only); LAB_DATA_SET_UNKNOWN otherwise.
 */
export async function dataSetFile(folders: DataSetFolders, name: string): Promise<string> {
  const found = (await listDataSets(folders)).find((set) => set.name === name);
  if (!found) throw new CodedError('LAB_DATA_SET_UNKNOWN', name.slice(0, 80));
  return path.join(found.origin === 'shipped' ? folders.shipped : folders.downloaded, found.name);
}
