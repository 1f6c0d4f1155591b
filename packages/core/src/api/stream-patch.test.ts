import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyObjectPatch, diffObjects, type JsonObject, sameJson } from './stream-patch.js';

// JSON objects as the wire carries them (no undefined, no -0: JSON turns it into 0).
const jsonObject = fc.dictionary(
  fc.constantFrom('a', 'b', 'c', 'price', 'window'),
  fc.jsonValue({ maxDepth: 3, noUnicodeString: true }).map((value) => JSON.parse(JSON.stringify(value))),
  { maxKeys: 5 },
) as fc.Arbitrary<JsonObject>;

describe("the stream's keyed diff", () => {
  it('turns any object into any other: applying the diff to the first gives the second', () => {
    fc.assert(
      fc.property(jsonObject, jsonObject, (previous, next) => {
        const patched = applyObjectPatch(previous, diffObjects(previous, next));
        expect(patched).toEqual(next);
      }),
    );
  });

  it('is empty between equal objects, and leaves the base untouched', () => {
    fc.assert(
      fc.property(jsonObject, (value) => {
        const copy = structuredClone(value);
        expect(diffObjects(value, copy)).toEqual({});
        expect(applyObjectPatch(value, {})).toBe(value);
        expect(value).toEqual(copy);
      }),
    );
  });

  it('carries only the changed fields, nested, and the removed paths', () => {
    const previous = {
      price: '100.5',
      unread: 2,
      marketState: {
        windowState: { state: 1, window: { id: [1, 2], close: [10, 11] } },
        reversal: { id: 3 },
      },
      position: null,
    };
    const next = {
      price: '100.6',
      unread: 2,
      marketState: { windowState: { state: 1, window: { id: [1, 2], close: [10, 12] } } },
      position: { id: 7 },
    };
    expect(diffObjects(previous, next)).toEqual({
      set: {
        price: '100.6',
        marketState: { windowState: { window: { close: [10, 12] } } },
        position: { id: 7 },
      },
      unset: [['marketState', 'reversal']],
    });
  });

  it('keeps the untouched parts of the base by reference', () => {
    const untouched = { id: [1, 2] };
    const base = { a: untouched, b: { c: 1 } };
    const patched = applyObjectPatch(base, { set: { b: { c: 2 } } });
    expect(patched.a).toBe(untouched);
    expect(patched).toEqual({ a: { id: [1, 2] }, b: { c: 2 } });
    expect(base.b.c).toBe(1);
  });

  it('compares arrays and objects by value, undefined fields as absent', () => {
    expect(sameJson([1, { a: 2 }], [1, { a: 2 }])).toBe(true);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });
});
