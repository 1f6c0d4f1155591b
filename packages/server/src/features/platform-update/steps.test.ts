import { describe, expect, it } from 'vitest';
import { systemdService } from './running.js';
import { type InstallFacts, upgradeSteps } from './steps.js';

const facts: InstallFacts = {
  root: '/opt/balancer',
  gitCheckout: true,
  postgres: false,
  dataDir: '/opt/balancer/data',
  releaseUrl: null,
  releasesPage: null,
  service: null,
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
    for (const variant of [
      facts,
      { ...facts, gitCheckout: false },
      { ...facts, postgres: true },
      { ...facts, service: { user: 'balancer' } },
    ]) {
      for (const step of upgradeSteps(variant)) expect(`${step.title} ${step.note ?? ''}`).not.toContain('`');
    }
  });

  it('under systemd, stops and starts the unit, builds in between, and backs up as the service user', () => {
    const steps = upgradeSteps({ ...facts, service: { user: 'balancer' } });
    expect(steps.map((step) => step.command ?? null)).toEqual([
      'sudo -u balancer npm run cli -- backup <file> --data-dir /opt/balancer/data',
      'sudo systemctl stop balancer',
      'git pull --ff-only',
      'npm ci',
      'npm run build',
      'sudo systemctl start balancer',
      null,
    ]);
    expect(steps[0]?.note).toContain('/opt/balancer/data');
    expect(steps[5]?.note).toContain('migrations');
    const plain = upgradeSteps(facts).map((step) => step.command);
    expect(plain).not.toContain('sudo systemctl stop balancer');
  });

  it('asks for the service’s DATABASE_URL with PostgreSQL under systemd, never showing it', () => {
    const steps = upgradeSteps({ ...facts, postgres: true, service: { user: 'svc' } });
    expect(steps[0]?.command).toContain('sudo -u svc ');
    expect(steps[0]?.note).toContain('DATABASE_URL');
    expect(JSON.stringify(steps)).not.toContain('postgres://');
  });
});

describe('systemdService', () => {
  it('is the process’s user when systemd started it (INVOCATION_ID), else null', () => {
    expect(systemdService({ INVOCATION_ID: '4c1e0f', USER: 'x' }, () => 'balancer')).toEqual({
      user: 'balancer',
    });
    expect(systemdService({}, () => 'balancer')).toBeNull();
    expect(systemdService({ INVOCATION_ID: '' }, () => 'balancer')).toBeNull();
  });

  it('falls back to the unit’s default user when this uid has no name', () => {
    const nameless = () => {
      throw new Error('ENOENT: no passwd entry');
    };
    expect(systemdService({ INVOCATION_ID: '4c1e0f' }, nameless)).toEqual({ user: 'balancer' });
  });
});
