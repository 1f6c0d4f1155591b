import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One sendMessage the stand-in accepted. */
export interface ReceivedMessage {
  chatId: string;
  text: string;
  parseMode: unknown;
  disablePreview: unknown;
  /** When it arrived, by the stand-in's clock (the test's clock when given). */
  at: number;
}

/** Trouble the stand-in answers the next requests with, before any check. */
export type TelegramFault =
  | { kind: 'rate-limit'; retryAfter: number }
  | { kind: 'server-error' }
  /** Never answers (the request hangs until the client gives up or the stand-in closes). */
  | { kind: 'hang' }
  /** Closes the connection without an answer. */
  | { kind: 'close' };

export interface TelegramStandIn {
  /** The Bot API base URL to put in TELEGRAM_API_URL. */
  url: string;
  token: string;
  chatId: string;
  messages: ReceivedMessage[];
  /** Every sendMessage request, answered or not. */
  requests: number;
  /** The next `times` requests meet `fault`. */
  fail(fault: TelegramFault, times?: number): void;
  close(): Promise<void>;
}

const HTML_TAG = /<\/?(b|i)>/g;
const ENTITY = /&(amp|lt|gt|quot);/g;

/** Telegram's checks of HTML parse mode that matter here: known tags, escaped &<>, ≤ 4096 shown. */
function htmlProblem(text: string): string | null {
  const withoutTags = text.replace(HTML_TAG, '');
  if (/[<>]/.test(withoutTags) || /&/.test(withoutTags.replace(ENTITY, ''))) {
    return "Bad Request: can't parse entities";
  }
  return withoutTags.replace(ENTITY, '_').length > 4096 ? 'Bad Request: message is too long' : null;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const refuse = (res: ServerResponse, code: number, description: string, extra: object = {}) =>
  answer(res, code, { ok: false, error_code: code, description, ...extra });

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * A local stand-in of the Telegram Bot API's sendMessage on 127.0.0.1 (random port): checks the
 * token in the path (401 otherwise), the chat (400 chat not found) and the HTML text, records the
 * messages, and plays programmable faults (429 with retry_after, 500, hang, closed socket).
 */
export async function startTelegramStandIn(
  options: { token?: string; chatId?: string; now?: () => number } = {},
): Promise<TelegramStandIn> {
  const token = options.token ?? '424242:AAStandInToken_only-for-tests_xyz';
  const chatId = options.chatId ?? '@balancer_test_chat';
  const now = options.now ?? Date.now;
  const faults: TelegramFault[] = [];
  const stand: TelegramStandIn = {
    url: '',
    token,
    chatId,
    messages: [],
    requests: 0,
    fail: (fault, times = 1) => {
      for (let index = 0; index < times; index += 1) faults.push(fault);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (req, res) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
    if (!match) return refuse(res, 404, 'Not Found');
    stand.requests += 1;
    const body = await jsonBody(req);
    const fault = faults.shift();
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'close') return req.socket.destroy();
    if (fault?.kind === 'server-error') return refuse(res, 500, 'Internal Server Error');
    if (fault?.kind === 'rate-limit') {
      const description = `Too Many Requests: retry after ${fault.retryAfter}`;
      return refuse(res, 429, description, { parameters: { retry_after: fault.retryAfter } });
    }
    if (match[1] !== token) return refuse(res, 401, 'Unauthorized');
    if (String(body.chat_id) !== chatId) return refuse(res, 400, 'Bad Request: chat not found');
    const text = typeof body.text === 'string' ? body.text : '';
    if (!text.trim()) return refuse(res, 400, 'Bad Request: message text is empty');
    const problem = body.parse_mode === 'HTML' ? htmlProblem(text) : null;
    if (problem) return refuse(res, 400, problem);
    const at = now();
    stand.messages.push({
      chatId: String(body.chat_id),
      text,
      parseMode: body.parse_mode,
      disablePreview: body.disable_web_page_preview,
      at,
    });
    const id = stand.messages.length;
    return answer(res, 200, { ok: true, result: { message_id: id, date: Math.floor(at / 1000), text } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}
