import { Decimal } from '@balancer/core';
import type { BinanceServerState, StateChange } from './exchange-state.js';
import { INTERVAL_MS, klineRow, ticker24h } from './market-endpoints.js';
import type { Level } from './types.js';
import type { WebSocketPeer } from './websocket.js';

/**
 * Binance's spot market streams as ccxt pro uses them: a client sends
 * `{method: 'SUBSCRIBE', params: ['btcusdt@depth@100ms', …], id}` and gets `{result: null, id}`.
 * Pushed events:
 * - `<symbol>@depth@100ms` / `@depth`: a `depthUpdate` diff on every setBook — the levels that
 *   changed, size 0 for removed ones, with U = first and u = last update id past the previous
 *   book (what ccxt applies on top of its REST snapshot);
 * - `<symbol>@miniTicker`: a `24hrMiniTicker` on subscribe and on every change of the symbol;
 * - `<symbol>@kline_<interval>`: a `kline` of the latest candle on subscribe and on setCandles.
 */
export interface StreamHub {
  attach(peer: WebSocketPeer): void;
  onText(peer: WebSocketPeer, text: string): void;
  detach(peer: WebSocketPeer): void;
  /** Every stream name subscribed so far, in order (a test log). */
  readonly subscriptions: string[];
  /** Closes every connection (the server side of a dropped stream). */
  dropAll(): void;
}

export function createStreamHub(state: BinanceServerState): StreamHub {
  const peers = new Map<WebSocketPeer, Set<string>>();
  const subscriptions: string[] = [];

  const push = (stream: string, event: unknown) => {
    for (const [peer, streams] of peers) if (streams.has(stream)) peer.send(event);
  };
  const lower = (symbol: string) => symbol.toLowerCase();

  function miniTicker(symbol: string): unknown {
    const found = state.symbols.find((s) => s.symbol === symbol);
    if (!found) return undefined;
    const t = ticker24h(state, found);
    const [o, h, l, c, v, q] = [
      'openPrice',
      'highPrice',
      'lowPrice',
      'lastPrice',
      'volume',
      'quoteVolume',
    ].map((k) => t[k]);
    return { e: '24hrMiniTicker', E: state.now(), s: symbol, c, o, h, l, v, q };
  }

  function kline(symbol: string, interval: string): unknown {
    const candle = state.candles[`${symbol}:${interval}`]?.at(-1);
    const step = INTERVAL_MS[interval];
    if (!candle || step === undefined) return undefined;
    const row = klineRow(candle, step);
    const k = { t: row[0], T: row[6], s: symbol, i: interval, o: row[1], h: row[2], l: row[3], c: row[4] };
    return { e: 'kline', E: state.now(), s: symbol, k: { ...k, v: row[5], q: row[7], n: row[8], x: false } };
  }

  /** The first event of a new subscription, where the stream has one. */
  function initial(stream: string): unknown {
    const [name, channel] = stream.split('@');
    const symbol = (name ?? '').toUpperCase();
    if (channel === 'miniTicker') return miniTicker(symbol);
    if (channel?.startsWith('kline_')) return kline(symbol, channel.slice('kline_'.length));
    return undefined;
  }

  state.listeners.add((change: StateChange) => {
    const name = lower(change.symbol);
    if (change.kind === 'book') {
      const diff = {
        e: 'depthUpdate',
        E: state.now(),
        s: change.symbol,
        U: change.previous.lastUpdateId + 1,
        u: change.next.lastUpdateId,
        b: levelDiff(change.previous.bids, change.next.bids),
        a: levelDiff(change.previous.asks, change.next.asks),
      };
      push(`${name}@depth@100ms`, diff);
      push(`${name}@depth`, diff);
    }
    if (change.kind === 'candles')
      push(`${name}@kline_${change.interval}`, kline(change.symbol, change.interval));
    push(`${name}@miniTicker`, miniTicker(change.symbol));
  });

  return {
    subscriptions,
    attach(peer) {
      peers.set(peer, new Set());
    },
    onText(peer, text) {
      let message: { method?: unknown; params?: unknown; id?: unknown };
      try {
        message = JSON.parse(text) as typeof message;
      } catch {
        peer.send({ error: { code: 3, msg: 'Invalid JSON' } });
        return;
      }
      const streams = peers.get(peer) ?? new Set<string>();
      peers.set(peer, streams);
      const names = Array.isArray(message.params) ? message.params.map(String) : [];
      if (message.method === 'SUBSCRIBE') {
        for (const name of names) {
          streams.add(name);
          subscriptions.push(name);
        }
        peer.send({ result: null, id: message.id });
        for (const name of names) {
          const event = initial(name);
          if (event !== undefined) peer.send(event);
        }
      } else if (message.method === 'UNSUBSCRIBE') {
        for (const name of names) streams.delete(name);
        peer.send({ result: null, id: message.id });
      } else {
        peer.send({ error: { code: 2, msg: `Invalid request: unknown method` }, id: message.id });
      }
    },
    detach(peer) {
      peers.delete(peer);
    },
    dropAll() {
      for (const peer of [...peers.keys()]) peer.close();
      peers.clear();
    },
  };
}

/** The levels of `next` that differ from `previous` (new or resized), and removed ones at size 0. */
function levelDiff(previous: Level[], next: Level[]): Level[] {
  const key = (price: string) => new Decimal(price).toFixed();
  const before = new Map(previous.map(([p, q]) => [key(p), q]));
  const after = new Map(next.map(([p, q]) => [key(p), q]));
  const out: Level[] = [];
  for (const [price, qty] of after) {
    const old = before.get(price);
    if (old === undefined || !new Decimal(old).isEqualTo(qty)) out.push([price, qty]);
  }
  for (const price of before.keys()) if (!after.has(price)) out.push([price, '0']);
  return out;
}
