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
