import { describe, expect, it } from 'vitest';
import { LEVEL_2_REASON } from '../../../testing/trading-fixtures';
import { fill, labReport } from '../test-report';
import { csvText, FILLS_HEADER, fillsCsv, POSITIONS_HEADER, positionsCsv } from './csv';

describe('csvText', () => {
  it('quotes fields with commas, quotes and line breaks, doubles quotes, ends lines with CRLF', () => {
    expect(
      csvText(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it('keeps numbers, negative ones included, and defuses formulas', () => {
    expect(csvText(['v'], [['-12.5'], [3], ['=SUM(A1)'], ['+1+1'], ['@cmd'], ['-x']])).toBe(
      "v\r\n-12.5\r\n3\r\n'=SUM(A1)\r\n'+1+1\r\n'@cmd\r\n'-x\r\n",
    );
  });

  it('defuses a formula behind a leading tab or carriage return, and keeps negative numbers numbers', () => {
    // A cell with a CR is quoted as well (a line break inside a field).
    expect(csvText(['v'], [['\t=1+1'], ['\r=1+1'], ['\tnote'], [-3], ['-0.5'], [-1.5e-7], ['-2E+3']])).toBe(
      "v\r\n'\t=1+1\r\n\"'\r=1+1\"\r\n'\tnote\r\n-3\r\n-0.5\r\n-1.5e-7\r\n-2E+3\r\n",
    );
  });
});

describe('fillsCsv and positionsCsv', () => {
  it('lists every fill under the header, decimal text as stored, an empty level for buys', () => {
    const report = labReport();
    const lines = fillsCsv(report.strategy.trades).trimEnd().split('\r\n');
    expect(lines[0]).toBe(FILLS_HEADER.join(','));
    expect(lines).toHaveLength(1 + report.strategy.trades.length);
    expect(lines[1]).toBe('s1,2025-01-01T00:00:00.000Z,BUY,100000.00,0.01000,1000.00,1.00,,');
    expect(lines[2]).toBe('s2,2025-01-01T12:00:00.000Z,SELL,103000.00,0.01000,1000.00,1.00,1,');
    const manual = fill({
      id: 'm',
      side: 'SELL',
      timeMs: 0,
      reason: LEVEL_2_REASON,
    });
    expect(fillsCsv([manual]).trimEnd().split('\r\n')[1]).toMatch(
      /,"Decrease level 2: gain 3\.1 % ≥ 3 %, sold 10 % of the position"$/,
    );
    expect(fillsCsv([fill({ id: 'a"b', side: 'BUY', timeMs: 0 })])).toContain('"a""b"');
  });

  it('numbers the positions, leaves an open one without a close and joins its levels', () => {
    const lines = positionsCsv(labReport().strategy.positions).trimEnd().split('\r\n');
    expect(lines[0]).toBe(POSITIONS_HEADER.join(','));
    expect(lines[1]).toBe(
      '1,2025-01-01T00:00:00.000Z,2025-01-01T12:00:00.000Z,100000,0,1000,1030,0,30,3,2,103000 106000 109000 112000 115000',
    );
    expect(lines[2]?.split(',').slice(0, 3)).toEqual(['2', '2025-01-02T00:00:00.000Z', '']);
  });
});
