import type { ServerAlarmsConfig } from '@balancer/core';
import type { ServerSample } from './sample.js';

/**
 * Alarm crossings, pure. A metric raises its alarm when a sample reaches its threshold while
 * armed; it stays raised (no repeat) until a sample falls below the threshold minus HYSTERESIS,
 * which re-arms it and reports the recovery. The thresholds are read anew for every sample, so
 * a changed threshold applies at the next one.
 */

export type AlarmMetric = keyof ServerAlarmsConfig;
export const ALARM_METRICS: readonly AlarmMetric[] = ['cpu', 'memory', 'disk'];

/** Percentage points a metric must fall below its threshold to re-arm (stops flapping spam). */
export const HYSTERESIS = 5;

/**
 * A CPU load averaged over less than this is not judged: the first sample covers only the busy
 * moments of the platform's own start, and would raise an alarm on every restart.
 */
export const MIN_CPU_WINDOW_MS = 30_000;

/** Which metrics have a raised alarm. */
export type AlarmState = Readonly<Record<AlarmMetric, boolean>>;
export const ARMED: AlarmState = Object.freeze({ cpu: false, memory: false, disk: false });

export interface AlarmEvent {
  metric: AlarmMetric;
  kind: 'raised' | 'recovered';
  /** The sampled percent. */
  value: number;
  threshold: number;
  /** The disk's mount point, for disk events. */
  mount?: string;
}

/** The sample's percent for a metric; null when it has none (no file system with a size). */
export function metricValue(sample: ServerSample, metric: AlarmMetric): number | null {
  if (metric === 'cpu') return sample.cpu.load;
  if (metric === 'memory') return sample.memory.percent;
  return sample.disk?.percent ?? null;
}

/** The alarm state after `sample`, and the crossings it caused (at most one per metric). */
export function evaluateAlarms(
  state: AlarmState,
  sample: ServerSample,
  config: ServerAlarmsConfig,
): { state: AlarmState; events: AlarmEvent[] } {
  const next = { ...state };
  const events: AlarmEvent[] = [];
  for (const metric of ALARM_METRICS) {
    const value = metricValue(sample, metric);
    if (value === null) continue;
    if (metric === 'cpu' && (sample.cpu.windowMs ?? MIN_CPU_WINDOW_MS) < MIN_CPU_WINDOW_MS) continue;
    const threshold = config[metric];
    const mount = metric === 'disk' && sample.disk ? { mount: sample.disk.mount } : {};
    if (!state[metric] && value >= threshold) {
      next[metric] = true;
      events.push({ metric, kind: 'raised', value, threshold, ...mount });
    } else if (state[metric] && value < threshold - HYSTERESIS) {
      next[metric] = false;
      events.push({ metric, kind: 'recovered', value, threshold, ...mount });
    }
  }
  return { state: next, events };
}

const LABELS: Record<AlarmMetric, string> = { cpu: 'CPU load', memory: 'Memory use', disk: 'Disk use' };

/** The notification an alarm event raises (sender 'server'). */
export function alarmNotification(event: AlarmEvent): { sender: string; title: string; description: string } {
  const label = event.metric === 'disk' && event.mount ? `Disk use on ${event.mount}` : LABELS[event.metric];
  const rearm = event.threshold - HYSTERESIS;
  if (event.kind === 'raised') {
    return {
      sender: 'server',
      title: `${label} is ${event.value} % (alarm at ${event.threshold} %)`,
      description:
        `${label} reached ${event.value} % at the last sample, at or above the alarm threshold of ` +
        `${event.threshold} %. No further alarm is sent for it until it falls below ${rearm} %.`,
    };
  }
  return {
    sender: 'server',
    title: `${label} is back to ${event.value} % (alarm at ${event.threshold} %)`,
    description:
      `${label} fell to ${event.value} %, below ${rearm} % (the alarm threshold of ` +
      `${event.threshold} % minus ${HYSTERESIS} points). The alarm is armed again.`,
  };
}
