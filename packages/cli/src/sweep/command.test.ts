import { describe, expect, it } from 'vitest';
import { sweepCommand } from './command.js';

async function cli(argv: string[]) {
  let out = '';
  let err = '';
  const code = await sweepCommand(argv, {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    cwd: process.cwd(),
  });
  return { code, out, err };
}

const GRID = ['--param', 'increaseGainRequirement=-4:0:2', '--from', '2025-06-01', '--to', '2025-07-31'];

describe('npm run cli -- sweep', () => {
  it('ranks a 4-combination grid on the shipped data, in and out of sample', async () => {
    const result = await cli([
      '--param',
      'increaseGainRequirement=-10:-5:5',
      '--param',
      'decreaseGainScale=0.5:1:0.5',
      '--from',
      '2025-06-01',
      '--to',
      '2025-08-31',
    ]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(/^Ranked by final-equity in sample 2025-06-01 → 2025-08-/);
    expect(result.out).toContain('4 run, 0 skipped');
    expect(result.out.trim().split('\n')).toHaveLength(9);
    // Three months: the return over the period, never an IRR a year.
    expect(result.out).toContain('IRR %/y = a year, on the money invested (<1y: a period under a year');
    const firstRow = result.out.trim().split('\n')[5]!;
    expect(firstRow).toMatch(/<1y/);
    const json = await cli([
      '--param',
      'windowSize=128:130:2',
      '--from',
      '2025-06-01',
      '--to',
      '2025-06-30',
      '--json',
    ]);
    const parsed = JSON.parse(json.out) as { rows: unknown[]; metric: string };
    expect(parsed).toMatchObject({ metric: 'final-equity' });
    expect(parsed.rows).toHaveLength(2);
    // One thread here, or the pool (--threads 2): the same result.
    const one = await cli([...GRID, '--json', '--threads', '1']);
    const two = await cli([...GRID, '--json', '--threads', '2']);
    expect(two).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(two.out)).toEqual(JSON.parse(one.out));
    const folds = await cli([...GRID, '--walk-forward', '2', '--threads', '1']);
    expect(folds).toMatchObject({ code: 0, err: '' });
    expect(folds.out).toMatch(/^Walk-forward, 2 folds: the best by final-equity/);
    expect(folds.out.trim().split('\n')).toHaveLength(6);
  }, 60_000);

  it('refuses bad flags with code 2 and a coded message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /no parameter to sweep/],
      [['--param', 'windowSize'], /ID=FROM:TO:STEP/],
      [['--param', 'windowSize=64:128:64'], /leaves its bounds/],
      [['--param', 'windowSize=128:130:1', '--metric', 'luck'], /--metric wants one of/],
      [['--param', 'windowSize=128:130:1', '--train', '0.99'], /--train wants/],
      [['--param', 'windowSize=128:130:1', '--random', '0'], /--random wants/],
      [['--param', 'windowSize=128:130:1', '--fee', '-1'], /--fee/],
      [['--param', 'windowSize=128:130:1', '--threads', '0'], /--threads wants/],
      [['--param', 'windowSize=128:130:1', '--walk-forward', '11'], /--walk-forward wants/],
      [['--colour'], /Unknown option '--colour'/],
    ];
    for (const [argv, message] of cases) {
      const result = await cli(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
    }
  });
});
