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

/** `text` cut to `max` UTF-16 units with an ellipsis, never splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * The message in HTML parse mode: bold title, sender, description, time (UTC ISO). The description
 * is cut (before escaping) so that the visible text stays within TELEGRAM_TEXT_LIMIT; title and
 * sender are already bounded by the notification schema (200 and 64).
 */
export function formatMessage(parts: MessageParts): string {
  const time = new Date(parts.event_time).toISOString();
  const title = cut(parts.title, 200);
  const sender = cut(parts.sender, 64);
  // Six lines (title, sender, blank, description, blank, time) joined by five newlines.
  const fixed = title.length + `from ${sender}`.length + time.length + 5;
  const description = cut(parts.description, TELEGRAM_TEXT_LIMIT - fixed);
  return [
    `<b>${escapeHtml(title)}</b>`,
    `from <i>${escapeHtml(sender)}</i>`,
    '',
    escapeHtml(description),
    '',
    time,
  ].join('\n');
}
