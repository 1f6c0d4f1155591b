import { cutText } from '@balancer/core';

/** The most characters one Telegram message may show (Bot API sendMessage, after entity parsing). */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** What a notification shows in Telegram. */
export interface MessageParts {
  title: string;
  sender: string;
  description: string;
  /** Epoch ms. */
  event_time: number;
}

/** HTML parse mode needs only these three escaped (Bot API "HTML style"). */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The message in HTML parse mode: bold title, sender, description, time (UTC ISO). The description
 * is cut (before escaping) so that the visible text stays within TELEGRAM_TEXT_LIMIT; title and
 * sender are already bounded by the notification schema (200 and 64).
 */
export function formatMessage(parts: MessageParts): string {
  const time = new Date(parts.event_time).toISOString();
  const title = cutText(parts.title, 200);
  const sender = cutText(parts.sender, 64);
  // Six lines (title, sender, blank, description, blank, time) joined by five newlines.
  const fixed = title.length + `from ${sender}`.length + time.length + 5;
  const description = cutText(parts.description, TELEGRAM_TEXT_LIMIT - fixed);
  return [
    `<b>${escapeHtml(title)}</b>`,
    `from <i>${escapeHtml(sender)}</i>`,
    '',
    escapeHtml(description),
    '',
    time,
  ].join('\n');
}
