import { describe, expect, it } from 'vitest';
import { KrakenError } from './kraken-error.js';
import { krakenSignature, verifyKrakenRequest } from './signing.js';

/** The worked example of Kraken's "Spot REST Authentication" guide (a limit buy of 1.25 XBTUSD). */
const EXAMPLE = {
  secret: 'kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg==',
  nonce: '1616492376594',
  body: 'nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25',
  path: '/0/private/AddOrder',
  sign: '4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==',
};

const key = { apiKey: 'K', secret: EXAMPLE.secret, lastNonce: 0n };
const request = { path: EXAMPLE.path, body: EXAMPLE.body, apiKeyHeader: 'K', signHeader: EXAMPLE.sign };

function refusal(run: () => unknown): string {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return error instanceof KrakenError ? error.message : String(error);
  }
}

describe('Kraken signing', () => {
  it("computes the documented example's API-Sign", () => {
    expect(krakenSignature(EXAMPLE.path, EXAMPLE.nonce, EXAMPLE.body, EXAMPLE.secret)).toBe(EXAMPLE.sign);
  });

  it('accepts the example and returns its nonce', () => {
    expect(verifyKrakenRequest(request, key)).toBe(1616492376594n);
  });

  it('refuses a wrong signature, another path, a changed body and an unknown key', () => {
    const wrong = `${EXAMPLE.sign.slice(0, -4)}AAA=`;
    expect(refusal(() => verifyKrakenRequest({ ...request, signHeader: wrong }, key))).toBe(
      'EAPI:Invalid signature',
    );
    expect(refusal(() => verifyKrakenRequest({ ...request, path: '/0/private/Balance' }, key))).toBe(
      'EAPI:Invalid signature',
    );
    expect(refusal(() => verifyKrakenRequest({ ...request, body: `${EXAMPLE.body}0` }, key))).toBe(
      'EAPI:Invalid signature',
    );
    expect(refusal(() => verifyKrakenRequest({ ...request, apiKeyHeader: 'other' }, key))).toBe(
      'EAPI:Invalid key',
    );
    expect(refusal(() => verifyKrakenRequest({ ...request, signHeader: undefined }, key))).toBe(
      'EAPI:Invalid signature',
    );
  });

  it('refuses a replayed or older nonce, and a request without one', () => {
    expect(refusal(() => verifyKrakenRequest(request, { ...key, lastNonce: 1616492376594n }))).toBe(
      'EAPI:Invalid nonce',
    );
    expect(refusal(() => verifyKrakenRequest(request, { ...key, lastNonce: 1616492376595n }))).toBe(
      'EAPI:Invalid nonce',
    );
    const body = 'pair=XBTUSD';
    const sign = krakenSignature(EXAMPLE.path, '', body, EXAMPLE.secret);
    expect(refusal(() => verifyKrakenRequest({ ...request, body, signHeader: sign }, key))).toBe(
      'EAPI:Invalid nonce',
    );
  });
});
