import { describe, expect, it } from 'vitest';
import type { CodedError } from '../errors/coded-error.js';
import { DEFAULT_SERVER_ALARMS, parseServerAlarmsConfig, serverAlarmsConfigSchema } from './server-alarms.js';

const issuesOf = (input: unknown) =>
  serverAlarmsConfigSchema
    .safeParse(input)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('serverAlarmsConfigSchema', () => {
  it('accepts the defaults and the bounds 30 and 99', () => {
    expect(serverAlarmsConfigSchema.parse(DEFAULT_SERVER_ALARMS)).toEqual({ cpu: 75, memory: 75, disk: 80 });
    expect(serverAlarmsConfigSchema.parse({ cpu: 30, memory: 99, disk: 30 })).toEqual({
      cpu: 30,
      memory: 99,
      disk: 30,
    });
  });
  it('names every bad field', () => {
    expect(issuesOf({ cpu: 29, memory: 100, disk: 80.5 })).toEqual([
      'cpu: The CPU threshold must be an integer from 30 to 99',
      'memory: The memory threshold must be an integer from 30 to 99',
      'disk: The disk threshold must be an integer from 30 to 99',
    ]);
    expect(issuesOf({ cpu: '75', memory: 75 })).toEqual([
      'cpu: The CPU threshold must be an integer from 30 to 99',
      'disk: The disk threshold must be an integer from 30 to 99',
    ]);
    expect(issuesOf({ ...DEFAULT_SERVER_ALARMS, swap: 50 })).toEqual([': Unrecognized key: "swap"']);
    expect(issuesOf(null)).toEqual([': The alarms config must be an object {cpu, memory, disk}']);
  });
});

describe('parseServerAlarmsConfig', () => {
  it('throws SERVER_ALARMS_INVALID (7501) with the bad fields', () => {
    let caught: CodedError | undefined;
    try {
      parseServerAlarmsConfig({ cpu: 75, memory: 75, disk: 100 });
    } catch (error) {
      caught = error as CodedError;
    }
    expect(caught?.code).toBe(7501);
    expect(caught?.detail).toBe('disk: The disk threshold must be an integer from 30 to 99');
  });
});
