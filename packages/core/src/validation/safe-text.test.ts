import { describe, expect, it } from 'vitest';
import { cutText, findUnsafeText, isSafeText, toSafeText, withSafeText } from './safe-text.js';

describe('isSafeText', () => {
  it('accepts ordinary and astral text', () => {
    expect(isSafeText('')).toBe(true);
    expect(isSafeText('notes: ümlaut, ₿ and 🚀')).toBe(true);
  });

  it('refuses NUL and lone surrogates', () => {
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\ud800')).toBe(false);
    expect(isSafeText('x\udfffy')).toBe(false);
    // A high surrogate followed by a low one is one well-formed character.
    expect(isSafeText('\ud83d\ude80')).toBe(true);
  });
});

describe('findUnsafeText', () => {
  it('names the path of the first unsafe string, value or key', () => {
    expect(findUnsafeText({ ip: '1.2.3.4', notes: 'fine' })).toBeNull();
    expect(findUnsafeText({ ip: '1.2.3.4', notes: 'bad\u0000' })).toBe('notes');
    expect(findUnsafeText({ trade: { id: '\ud800' } })).toBe('trade.id');
    expect(findUnsafeText({ list: ['ok', 'no\u0000'] })).toBe('list.1');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('(key)');
    expect(findUnsafeText('\u0000')).toBe('(value)');
  });

  it('ignores numbers, booleans and null', () => {
    expect(findUnsafeText({ a: 1, b: false, c: null, d: [Number.NaN] })).toBeNull();
  });

  it('treats nesting deeper than 32 levels as unsafe instead of walking it', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i += 1) deep = { d: deep };
    expect(findUnsafeText(deep)).toMatch(/^d(\.d)+$/);
  });
});

describe('toSafeText and withSafeText', () => {
  it('replace NUL and lone surrogates by U+FFFD and keep well-formed text', () => {
    expect(toSafeText('a\u0000b\ud800c\udfff')).toBe('a\ufffdb\ufffdc\ufffd');
    expect(toSafeText('₿ and 🚀')).toBe('₿ and 🚀');
  });

  it('make every string and key of plain data safe, leaving the rest', () => {
    expect(withSafeText({ 'k\u0000': ['x\ud800', 1, null, true], n: { deeper: 'a\u0000' }, t: 5 })).toEqual({
      'k\ufffd': ['x\ufffd', 1, null, true],
      n: { deeper: 'a\ufffd' },
      t: 5,
    });
    expect(withSafeText('\u0000')).toBe('\ufffd');
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i += 1) deep = { d: deep };
    expect(isSafeText(JSON.stringify(withSafeText(deep)))).toBe(true);
  });
});

describe('cutText', () => {
  it('cuts to the limit with an ellipsis, never between the halves of a pair', () => {
    expect(cutText('abcdef', 6)).toBe('abcdef');
    expect(cutText('abcdef', 4)).toBe('abc…');
    // '🚀' is two UTF-16 units: a cut after 'a' and one half would leave a lone surrogate.
    expect(cutText('a🚀b', 3)).toBe('a…');
    expect(isSafeText(cutText('🚀'.repeat(150), 200))).toBe(true);
  });
});
