import type { MarketRules } from '@balancer/engine';
import { describe, expect, it } from 'vitest';
import { exchangeVenue, marketRulesView } from './exchange-view.js';

describe('exchange venue', () => {
  it('names the simulator whatever EXCHANGE says (it trades on no exchange)', () => {
    expect(
      exchangeVenue({ EXCHANGE_MODE: 'simulator', EXCHANGE: 'kraken', EXCHANGE_SANDBOX: false }),
    ).toEqual({
      id: 'simulator',
      displayName: 'Simulator',
      kind: 'simulator',
      sandbox: false,
    });
  });

  it('names paper and live trading by the exchange, and flags a sandbox', () => {
    expect(exchangeVenue({ EXCHANGE_MODE: 'paper', EXCHANGE: 'kraken', EXCHANGE_SANDBOX: false })).toEqual({
      id: 'kraken',
      displayName: 'Kraken',
      kind: 'paper',
      sandbox: false,
    });
    expect(exchangeVenue({ EXCHANGE_MODE: 'live', EXCHANGE: 'okx', EXCHANGE_SANDBOX: true })).toEqual({
      id: 'okx',
      displayName: 'OKX',
      kind: 'live',
      sandbox: true,
    });
    expect(
      exchangeVenue({ EXCHANGE_MODE: 'live', EXCHANGE: 'coinbase', EXCHANGE_SANDBOX: false }).displayName,
    ).toBe('Coinbase');
  });
});

describe('market rules view', () => {
  const kraken: MarketRules = {
    symbol: 'XBTUSD',
    base: 'BTC',
    quote: 'USD',
    amountStep: '0.00000001',
    minAmount: '0.00005000',
    minNotional: '0.5',
    priceStep: '0.1',
    takerFee: '0.0026',
    buyFeeAsset: 'quote',
  };

  it('writes the rules as exact decimals, the fee in percent and the fee asset by its code', () => {
    expect(marketRulesView(kraken)).toEqual({
      symbol: 'BTC/USD', // not the exchange's own id (XBTUSD)
      amountStep: '0.00000001',
      minAmount: '0.00005', // trailing zeros dropped
      minNotional: '0.5',
      priceStep: '0.1',
      takerFeePercent: '0.26', // 0.0026 × 100
      buyFeeAsset: 'USD',
    });
  });

  it('charges a base-fee buy in BTC and leaves what the exchange does not report null', () => {
    const { priceStep: _p, takerFee: _t, ...bare } = kraken;
    expect(marketRulesView({ ...bare, buyFeeAsset: 'base' })).toMatchObject({
      priceStep: null,
      takerFeePercent: null,
      buyFeeAsset: 'BTC',
    });
    const { buyFeeAsset: _b, ...unknownFee } = kraken;
    expect(marketRulesView(unknownFee)?.buyFeeAsset).toBeNull();
  });

  it('is null before the engine has read the rules', () => {
    expect(marketRulesView(null)).toBeNull();
  });

  it('never goes through a float: a fee rate of 0.00075 is 0.075 %', () => {
    // 0.00075 * 100 in binary floating point is 0.07500000000000001.
    expect(marketRulesView({ ...kraken, takerFee: '0.00075' })?.takerFeePercent).toBe('0.075');
  });
});
