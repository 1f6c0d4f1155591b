import { describe, expect, it } from 'vitest';
import { checkStatusLabel, shortSha, updateSummary } from './version-display';

const SHA = '0123456789abcdef0123456789abcdef01234567';

describe('version display', () => {
  it('says which part is behind', () => {
    expect(updateSummary(null)).toBe('Up to date');
    expect(updateSummary('GUI')).toBe('The GUI is behind the latest release');
    expect(updateSummary('BOTH')).toMatch(/both behind/);
  });

  it('shortens a sha to 7 characters', () => {
    expect(shortSha(SHA)).toBe('0123456');
  });

  it('labels each check status', () => {
    expect(checkStatusLabel('ok')).toBe('OK');
    expect(checkStatusLabel('unreachable')).toBe('Unreachable');
    expect(checkStatusLabel('invalid')).toBe('Invalid release manifest');
    expect(checkStatusLabel('off')).toMatch(/^Off/);
  });
});
