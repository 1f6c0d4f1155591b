import { DEFAULT_SERVER_ALARMS } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { type AlarmState, ARMED, alarmNotification, evaluateAlarms } from './alarms.js';
import { toSample } from './sample.js';
import { readingAt } from './test-readings.js';

/** Runs samples of [cpu, memory, disk] percent through the alarms; returns each step's events. */
function run(steps: Array<[number, number, number]>, config = DEFAULT_SERVER_ALARMS) {
  let state: AlarmState = ARMED;
  return steps.map(([cpu, memory, disk]) => {
    const result = evaluateAlarms(state, toSample(readingAt(cpu, memory, disk), 0), config);
    state = result.state;
    return result.events.map((event) => `${event.metric} ${event.kind} ${event.value}`);
  });
}

describe('evaluateAlarms', () => {
  it('does not judge a CPU load averaged over less than 30 s (the first sample after a start)', () => {
    const reading = { ...readingAt(95, 10, 10), cpuWindowMs: 40 };
    expect(evaluateAlarms(ARMED, toSample(reading, 0), DEFAULT_SERVER_ALARMS).events).toEqual([]);
    const minute = { ...readingAt(95, 10, 10), cpuWindowMs: 60_000 };
    expect(evaluateAlarms(ARMED, toSample(minute, 0), DEFAULT_SERVER_ALARMS).events).toEqual([
      { metric: 'cpu', kind: 'raised', value: 95, threshold: 75 },
    ]);
  });

  it('raises once when a metric reaches its threshold and not again while it stays up', () => {
    expect(
      run([
        [74, 10, 10],
        [75, 10, 10],
        [99, 10, 10],
        [72, 10, 10],
      ]),
    ).toEqual([
      [],
      ['cpu raised 75'],
      [],
      [], // 72 is not below 75 − 5 = 70: still raised
    ]);
  });
  it('re-arms below the threshold minus the hysteresis, then raises again', () => {
    expect(
      run([
        [80, 10, 10],
        [71, 10, 10],
        [90, 10, 10],
        [69.9, 10, 10],
        [76, 10, 10],
      ]),
    ).toEqual([
      ['cpu raised 80'],
      [], // flapping above 70 stays quiet
      [],
      ['cpu recovered 69.9'],
      ['cpu raised 76'],
    ]);
  });
  it('watches each metric on its own threshold', () => {
    expect(
      run([
        [10, 75, 79],
        [10, 10, 80],
        [10, 10, 74.9],
      ]),
    ).toEqual([
      ['memory raised 75'],
      ['memory recovered 10', 'disk raised 80'],
      ['disk recovered 74.9'], // below 80 − 5
    ]);
  });
  it('applies a changed threshold at the next sample', () => {
    const raised = evaluateAlarms(ARMED, toSample(readingAt(60, 10, 10), 0), {
      cpu: 50,
      memory: 75,
      disk: 80,
    });
    expect(raised.events.map((event) => event.kind)).toEqual(['raised']);
    // The threshold moved to 90: 60 is below 90 − 5, so the alarm recovers and re-arms.
    const moved = evaluateAlarms(raised.state, toSample(readingAt(60, 10, 10), 0), {
      cpu: 90,
      memory: 75,
      disk: 80,
    });
    expect(moved.events).toEqual([{ metric: 'cpu', kind: 'recovered', value: 60, threshold: 90 }]);
  });
  it('leaves the disk alarm alone when no file system has a size', () => {
    const sample = { ...toSample(readingAt(10, 10, 10), 0), disk: null };
    expect(evaluateAlarms({ ...ARMED, disk: true }, sample, DEFAULT_SERVER_ALARMS)).toEqual({
      state: { ...ARMED, disk: true },
      events: [],
    });
  });
});

describe('alarmNotification', () => {
  it('names the figure and the threshold, and the mount of a disk', () => {
    expect(alarmNotification({ metric: 'cpu', kind: 'raised', value: 92.5, threshold: 75 })).toEqual({
      sender: 'server',
      title: 'CPU load is 92.5 % (alarm at 75 %)',
      description:
        'CPU load reached 92.5 % at the last sample, at or above the alarm threshold of 75 %. ' +
        'No further alarm is sent for it until it falls below 70 %.',
    });
    const disk = alarmNotification({
      metric: 'disk',
      kind: 'recovered',
      value: 60,
      threshold: 80,
      mount: '/',
    });
    expect(disk.title).toBe('Disk use on / is back to 60 % (alarm at 80 %)');
    expect(disk.description).toContain('below 75 %'); // 80 − 5
  });
});
