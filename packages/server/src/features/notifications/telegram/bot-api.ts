import { postOnce } from '../post-once.js';
/** Where and as whom the bot writes. The token is in the URL path: never log either. */
export interface TelegramTarget {
  /** The Bot API base, e.g. https://api.telegram.org (TELEGRAM_API_URL). */
  apiUrl: string;
  token: string;
  chatId: string;
}

/**
 * How one sendMessage ended. `error` and `fix` never contain the token or the chat id.
 * - sent: Telegram accepted it.
 * - rate-limited: 429; try again after `retryAfterMs` (Telegram's `parameters.retry_after`).
 * - transient: 5xx, network error, timeout; retry with back-off.
 * - permanent: 4xx; retrying cannot help until the operator acts on `fix`.
 * - stopped: the caller's signal aborted the request (shutdown).
 */
export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'rate-limited'; retryAfterMs: number; error: string }
  | { kind: 'transient'; error: string }
  | { kind: 'permanent'; error: string; fix: string }
  | { kind: 'stopped' };

/** The wait when a 429 names none (Telegram always does; a proxy might not). */
const DEFAULT_RETRY_AFTER_S = 30;

interface BotAnswer {
  ok?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown; migrate_to_chat_id?: unknown };
}

/** Removes the token and the chat id from text Telegram or the network stack produced. */
function scrub(text: string, target: TelegramTarget): string {
  return text.replaceAll(target.token, '[token]').replaceAll(target.chatId, '[chat id]').slice(0, 300);
}

/** What the operator must change, for the 4xx answers that no retry can fix. */
function permanentFix(code: number, description: string, answer: BotAnswer | null): string {
  if (code === 401) return 'Telegram rejected the bot token: check TELEGRAM_BOT_TOKEN (from @BotFather)';
  if (code === 404) return 'the Bot API answered Not Found: check TELEGRAM_BOT_TOKEN and TELEGRAM_API_URL';
  if (answer?.parameters?.migrate_to_chat_id !== undefined)
    return 'the group became a supergroup: set TELEGRAM_CHAT_ID to its new id (starts with -100)';
  if (/chat not found/i.test(description))
    return 'chat not found: check TELEGRAM_CHAT_ID, and send the bot a message or add it to the group first';
  if (code === 403)
    return 'the bot may not write to this chat (blocked, removed, or not an admin of the channel): check the chat';
  return `Telegram refused the message (${description}); it will not be retried`;
}

/** Sorts an HTTP answer of sendMessage into a SendOutcome. */
export function classifyAnswer(
  status: number,
  answer: BotAnswer | null,
  target: TelegramTarget,
): SendOutcome {
  if (status >= 200 && status < 300 && answer?.ok === true) return { kind: 'sent' };
  const code = typeof answer?.error_code === 'number' ? answer.error_code : status;
  const description = scrub(
    typeof answer?.description === 'string' ? answer.description : `HTTP ${status}`,
    target,
  );
  const error = `${code}: ${description}`;
  if (code === 429) {
    const seconds = Number(answer?.parameters?.retry_after);
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_S;
    return { kind: 'rate-limited', retryAfterMs: wait * 1000, error };
  }
  if (code >= 400 && code < 500)
    return { kind: 'permanent', error, fix: permanentFix(code, description, answer) };
  return { kind: 'transient', error };
}

/**
 * Bot API `sendMessage` in HTML parse mode without link previews. Never throws: every ending is a
 * SendOutcome. `signal` aborts it (shutdown); `timeoutMs` bounds the whole request.
 */
export async function sendMessage(
  target: TelegramTarget,
  text: string,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<SendOutcome> {
  const url = `${target.apiUrl.replace(/\/+$/, '')}/bot${target.token}/sendMessage`;
  const body = JSON.stringify({
    chat_id: target.chatId,
    text,
    parse_mode: 'HTML',
    disable_web_page_preview: true,
  });
  return postOnce(url, { headers: { 'content-type': 'application/json' }, body }, options, async (response) =>
    classifyAnswer(response.status, (await response.json().catch(() => null)) as BotAnswer | null, target),
  );
}
