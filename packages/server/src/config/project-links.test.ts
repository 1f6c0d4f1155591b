import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load.js';
import { projectLinks, releasesPage, updateSource } from './project-links.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'balancer-links-'));
});
const load = (env: Record<string, string>) =>
  loadConfig({ BALANCER_DATA_DIR: path.join(dir, 'data'), ...env }, dir);

describe('the project links (SOURCE_CODE_URL, CONTACT_EMAIL)', () => {
  it('are unset by default: no links, no release source, the version check off', () => {
    const { config } = load({});
    expect(projectLinks(config)).toEqual({ sourceCodeUrl: null, contactEmail: null });
    expect(releasesPage(config)).toBeNull();
    expect(updateSource(config)).toBe('off');
  });

  it('take the configured values; the release source follows the repository unless set itself', () => {
    const { config } = load({
      SOURCE_CODE_URL: 'https://git.example.org/me/balancer/',
      CONTACT_EMAIL: 'ops@example.org',
    });
    // The trailing slash is dropped, so paths join cleanly.
    expect(projectLinks(config)).toEqual({
      sourceCodeUrl: 'https://git.example.org/me/balancer',
      contactEmail: 'ops@example.org',
    });
    expect(updateSource(config)).toBe(
      'https://git.example.org/me/balancer/releases/latest/download/release.json',
    );
    const own = load({ SOURCE_CODE_URL: 'https://git.example.org/me/balancer', UPDATE_SOURCE_URL: 'off' });
    expect(updateSource(own.config)).toBe('off');
  });

  it('refuses bad values at start-up with one coded config error naming each key', () => {
    let error: unknown;
    try {
      load({
        SOURCE_CODE_URL: 'javascript:alert(1)',
        CONTACT_EMAIL: 'contact@balancer.invalid',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const config = error as ConfigError;
    expect([config.errorName, config.code]).toEqual(['INVALID_CONFIG', 8500]);
    expect(config.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'CONTACT_EMAIL',
      'SOURCE_CODE_URL',
    ]);
    expect(config.problems.join('\n')).toContain('not .invalid');
    expect(() => load({ CONTACT_EMAIL: 'not an address' })).toThrow(ConfigError);
    expect(() => load({ SOURCE_CODE_URL: 'https://github.com/me/balancer#readme' })).toThrow(ConfigError);
  });
});
