import { EngineNotifier } from '../notify/engine-notifier.js';
import type { EngineNotification, Notifier } from '../ports.js';

/** A Notifier that keeps every notification (tests read `notes`). */
export class RecordingNotifier implements Notifier {
  readonly notes: Array<EngineNotification & { time: number }> = [];

  async notify(notification: EngineNotification, now: number): Promise<void> {
    this.notes.push({ ...notification, time: now });
  }

  titles(sender?: EngineNotification['sender']): string[] {
    return this.notes
      .filter((note) => sender === undefined || note.sender === sender)
      .map((note) => note.title);
  }
}

/**
 * An EngineNotifier over a RecordingNotifier whose market clock runs `speed` times the wall clock
 * (the simulator's 60× by default); `setWall` moves the wall time (epoch ms), the market follows.
 */
export function replayNotifier(speed = 60) {
  let wall = 0;
  const recording = new RecordingNotifier();
  const notifier = new EngineNotifier(
    recording,
    () => wall * speed,
    () => wall,
  );
  const setWall = (ms: number) => {
    wall = ms;
  };
  return { recording, notifier, wall: () => wall, setWall };
}
