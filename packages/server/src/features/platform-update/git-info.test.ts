import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildInfo, readGitCommit, readInstallCommit } from './git-info.js';
import { readRunningVersions } from './running.js';

// A throw-away repository made with the git binary; the reader must agree with `git log`.
let repo = '';
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();

function commit(message: string, time: number): void {
  writeFileSync(path.join(repo, 'file.txt'), message);
  git('add', 'file.txt');
  execFileSync('git', ['commit', '-q', '-m', message], {
    cwd: repo,
    // Fixed dates, so the test does not depend on when it runs (seconds since the epoch).
    env: { ...process.env, GIT_AUTHOR_DATE: `${time} +0200`, GIT_COMMITTER_DATE: `${time} +0200` },
  });
}

/** What `git log -1 --format=%H %ct` says about `rev`, with %ct turned into ms. */
function gitLog(rev = 'HEAD'): { sha: string; eventTime: number } {
  const [sha, seconds] = git('log', '-1', '--format=%H %ct', rev).split(' ');
  return { sha: sha ?? '', eventTime: Number(seconds) * 1000 };
}

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'balancer-git-'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.org');
  git('config', 'user.name', 'Test');
  git('config', 'gc.auto', '0');
  commit('first', 1_700_000_000);
  commit('second', 1_700_000_600);
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('readGitCommit', () => {
  it('follows HEAD to a loose branch ref and reads the loose commit time', () => {
    expect(readGitCommit(repo)).toEqual(gitLog());
    // 1_700_000_600 s × 1000.
    expect(readGitCommit(repo)?.eventTime).toBe(1_700_000_600_000);
  });

  it('reads a detached HEAD', () => {
    const first = gitLog('HEAD~1');
    git('checkout', '-q', '--detach', first.sha);
    try {
      expect(readGitCommit(repo)).toEqual(first);
    } finally {
      git('checkout', '-q', 'main');
    }
  });

  it('finds a branch in packed-refs, and gives no time for a packed commit', () => {
    const head = gitLog();
    git('pack-refs', '--all', '--prune');
    expect(readGitCommit(repo)).toEqual(head);
    git('repack', '-a', '-d', '-q');
    git('prune-packed');
    expect(readGitCommit(repo)).toEqual({ sha: head.sha, eventTime: null });
  });

  it('is null outside a git checkout and unknown for a broken HEAD, never throwing', () => {
    const plain = mkdtempSync(path.join(tmpdir(), 'balancer-plain-'));
    const broken = mkdtempSync(path.join(tmpdir(), 'balancer-broken-'));
    try {
      expect(readGitCommit(plain)).toBeNull();
      expect(readInstallCommit(plain)).toEqual({ sha: null, eventTime: null });
      mkdirSync(path.join(broken, '.git'));
      writeFileSync(path.join(broken, '.git', 'HEAD'), 'ref: refs/heads/../../../etc/passwd\n');
      expect(readGitCommit(broken)).toEqual({ sha: null, eventTime: null });
      writeFileSync(path.join(broken, '.git', 'HEAD'), 'ref: refs/heads/missing\n');
      expect(readGitCommit(broken)).toEqual({ sha: null, eventTime: null });
    } finally {
      rmSync(plain, { recursive: true, force: true });
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('build-info.json and the running versions', () => {
  it('prefers a valid build-info.json and ignores a malformed one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balancer-build-'));
    try {
      const info = { sha: 'b'.repeat(40), eventTime: 1_700_000_000_000 };
      writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(info));
      expect(readBuildInfo(dir)).toEqual(info);
      expect(readInstallCommit(dir)).toEqual(info);
      writeFileSync(path.join(dir, 'build-info.json'), '{"sha": "short"');
      expect(readBuildInfo(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the package versions, with null for a missing web package', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balancer-install-'));
    try {
      mkdirSync(path.join(dir, 'packages', 'server'), { recursive: true });
      writeFileSync(path.join(dir, 'packages', 'server', 'package.json'), '{"version": "1.2.3"}');
      expect(readRunningVersions(dir)).toEqual({
        api: { version: '1.2.3', sha: null, eventTime: null },
        gui: { version: null, sha: null, eventTime: null },
        gitCheckout: false,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads this repository's own versions", () => {
    const running = readRunningVersions();
    expect(running.api.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(running.gui.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
