import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { CLIENT_ORDER_ID_PATTERN, clientOrderIdFor } from './client-order-id.js';

describe('clientOrderIdFor', () => {
  it.each([
    ['0F8FAD5B-D9CB-469F-A165-70867728950E', 'bal-0f8fad5bd9cb469fa16570867728950e'],
    ['0f8fad5b-d9cb-469f-a165-70867728950e', 'bal-0f8fad5bd9cb469fa16570867728950e'],
    ['42', 'bal-n42'],
    [42, 'bal-n42'],
    ['0', 'bal-n0'],
    ['9'.repeat(31), `bal-n${'9'.repeat(31)}`],
  ])('%s → %s', (id, expected) => {
    expect(clientOrderIdFor(id)).toBe(expected);
  });

  it('is the same for every attempt', () => {
    expect(clientOrderIdFor('7', 1)).toBe('bal-n7');
    expect(clientOrderIdFor('7', 6)).toBe('bal-n7');
  });

  it.each([
    ['', 3522],
    ['042', 3522],
    ['-1', 3522],
    ['1'.repeat(32), 3522],
    ['abc', 3522],
    [1.5, 3522],
    [Number.NaN, 3522],
    [-3, 3522],
  ])('rejects id %s with %i', (id, code) => {
    expect(codeOf(() => clientOrderIdFor(id))).toBe(code);
  });

  it('rejects a malformed attempt', () => {
    expect(codeOf(() => clientOrderIdFor('1', -1))).toBe(3521);
    expect(codeOf(() => clientOrderIdFor('1', 0.5))).toBe(3521);
  });

  const anyId = fc.oneof(
    fc.uuid(),
    fc.nat().map(String),
    fc.bigInt({ min: 0n, max: 10n ** 31n - 1n }).map(String),
    fc.nat(),
  );

  it('always matches the Binance pattern and ignores the attempt', () => {
    fc.assert(
      fc.property(anyId, fc.nat({ max: 10 }), (id, attempt) => {
        const clientId = clientOrderIdFor(id, attempt);
        expect(clientId).toMatch(CLIENT_ORDER_ID_PATTERN);
        expect(clientId).toBe(clientOrderIdFor(id));
      }),
    );
  });

  it('is injective: different ids never share a client id', () => {
    const normalise = (id: string | number) => String(id).toLowerCase();
    fc.assert(
      fc.property(anyId, anyId, (a, b) => {
        fc.pre(normalise(a) !== normalise(b));
        expect(clientOrderIdFor(a)).not.toBe(clientOrderIdFor(b));
      }),
    );
  });
});
