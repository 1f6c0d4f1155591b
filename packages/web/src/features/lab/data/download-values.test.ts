import { describe, expect, it } from 'vitest';
import { checkDownloadForm, defaultDownloadForm, presetExchange } from './download-values';

const NOW = Date.UTC(2026, 10, 24);

describe('checkDownloadForm', () => {
  it('defaults to the configured exchange, BTC/USDT, 15 m over the last year', () => {
    expect(checkDownloadForm(defaultDownloadForm(NOW), NOW)).toEqual({
      ok: true,
      body: { symbol: 'BTC/USDT', timeframe: '15m', since: '2025-11-24' },
    });
  });
  it('names the exchange when chosen and upper-cases the market', () => {
    const checked = checkDownloadForm(
      { exchange: 'kraken', symbol: 'btc/usd', timeframe: '1h', since: '2026-01-01' },
      NOW,
    );
    expect(checked.ok && checked.body).toEqual({
      exchange: 'kraken',
      symbol: 'BTC/USD',
      timeframe: '1h',
      since: '2026-01-01',
    });
  });
  it('refuses a bad market, timeframe, day or a day to come', () => {
    expect(
      checkDownloadForm({ exchange: '', symbol: 'BTCUSDT', timeframe: 'x', since: '2026-02-30' }, NOW),
    ).toEqual({
      ok: false,
      errors: {
        symbol: 'A market as BASE/QUOTE, e.g. BTC/USDT',
        timeframe: 'A timeframe like 1m, 15m, 1h, 1d',
        since: 'A day, YYYY-MM-DD',
      },
    });
    const future = checkDownloadForm({ ...defaultDownloadForm(NOW), since: '2026-12-01' }, NOW);
    expect(!future.ok && future.errors).toEqual({ since: 'A day in the past' });
  });

  it('presets the exchange traded on, or binance on the simulator (never a vague "configured one")', () => {
    expect(presetExchange('kraken')).toBe('kraken');
    expect(presetExchange('paper on okx')).toBe('okx');
    expect(presetExchange('simulated (Binance BTC/USDT 15m replay)')).toBe('binance');
    expect(presetExchange(undefined)).toBe('binance');
  });
});
