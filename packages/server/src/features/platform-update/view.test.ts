import { describe, expect, it } from 'vitest';
import { shownSource } from './view.js';

describe('shownSource', () => {
  it('leaves out a user and password written into the URL', () => {
    expect(shownSource('https://bob:hunter2@example.org/release.json')).toBe(
      'https://example.org/release.json',
    );
    expect(shownSource('off')).toBe('off');
    expect(shownSource('http://127.0.0.1:8080/r.json?x=1')).toBe('http://127.0.0.1:8080/r.json?x=1');
  });
});
