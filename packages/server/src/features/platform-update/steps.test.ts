import { describe, expect, it } from 'vitest';
import { type InstallFacts, upgradeSteps } from './steps.js';

const facts: InstallFacts = {
  root: '/opt/balancer',
  gitCheckout: true,
  postgres: false,
  dataDir: '/opt/balancer/data',
  releaseUrl: null,
  releasesPage: null,
};

describe('upgradeSteps', () => {
  it('backs up first and ends by starting and verifying, in order', () => {
    const steps = upgradeSteps(facts);
    expect(steps.map((step) => step.command ?? null)).toEqual([
      'npm run cli -- backup <file>',
      null,
      'git pull --ff-only',
      'npm ci',
      'npm start',
      null,
    ]);
    expect(steps[0]?.note).toContain('/opt/balancer/data');
    expect(steps[4]?.note).toContain('migrations');
  });

  it('downloads the release when this install is not a git checkout', () => {
    const steps = upgradeSteps({ ...facts, gitCheckout: false, releaseUrl: 'https://example.org/r/v2' });
    expect(steps[2]?.command).toBeUndefined();
    expect(steps[2]?.note).toContain('https://example.org/r/v2');
    expect(steps[2]?.note).toContain('/opt/balancer/data');
  });

  it('falls back to the configured releases page, and says so when none is configured', () => {
    const archive = { ...facts, gitCheckout: false };
    const page = 'https://git.example.org/me/balancer/releases/latest';
    expect(upgradeSteps({ ...archive, releasesPage: page })[2]?.note).toContain(page);
    expect(upgradeSteps(archive)[2]?.note).toContain('SOURCE_CODE_URL is not set');
  });

  it('names PostgreSQL, never its URL, when DATABASE_URL is set', () => {
    const steps = upgradeSteps({ ...facts, postgres: true });
    expect(steps[0]?.note).toContain('PostgreSQL');
    expect(JSON.stringify(steps)).not.toContain('postgres://');
  });

  it('writes titles and notes as plain text: the screen shows no markdown', () => {
    for (const variant of [facts, { ...facts, gitCheckout: false }, { ...facts, postgres: true }]) {
      for (const step of upgradeSteps(variant)) expect(`${step.title} ${step.note ?? ''}`).not.toContain('`');
    }
  });
});
