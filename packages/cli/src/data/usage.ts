/**
 * The exchanges `data download` takes: the engine's CCXT_EXCHANGE_IDS (data/command.test.ts keeps
 * them equal), written out so the cli's usage does not load the engine.
 */
export const DATA_EXCHANGES = 'binance, bitfinex, kraken, coinbase, okx';

/** `npm run cli -- data …` in the cli's usage (the command itself loads only when run). */
export const DATA_USAGE = `
  npm run cli -- data download --exchange ID --timeframe TF --since DAY [--symbol BTC/USDT] [--data-dir DIR]
      Downloads candles through ccxt into DIR/market-data/ (default BALANCER_DATA_DIR, ./data);
      run again to fetch only what is new (or to go on after a failure). Exchanges: ${DATA_EXCHANGES}.

  npm run cli -- data list [--data-dir DIR]
      The candle sets the lab lists, shipped (market-data/) and downloaded (DIR/market-data/): name,
      origin, timeframe, range, candles, missing candles, size and source.

  npm run cli -- data remove NAME [--data-dir DIR]
      Deletes one downloaded candle set (NAME as data list shows it; shipped sets stay).
`;
