import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('keeps bytes under 1024 as B', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('steps by 1024 through every unit up to YB', () => {
    expect(formatBytes(1024)).toBe('1 kB');
    expect(formatBytes(1536)).toBe('1.5 kB'); // 1536 / 1024
    expect(formatBytes(1024 ** 2)).toBe('1 MB');
    expect(formatBytes(9216131)).toBe('8.79 MB'); // 9216131 / 1048576 = 8.789...
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(1024 ** 4)).toBe('1 TB');
    expect(formatBytes(1024 ** 5)).toBe('1 PB');
    expect(formatBytes(1024 ** 6)).toBe('1 EB');
    expect(formatBytes(1024 ** 7)).toBe('1 ZB');
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
  });

  it('stays at YB beyond it', () => {
    expect(formatBytes(1024 ** 9)).toBe('1024 YB'); // 1024^9 / 1024^8
  });

  it('shows no size for negative or non-finite input', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});
