import type { Config } from '../../../config/schema.js';
import type { TelegramTarget } from './bot-api.js';

/** The Bot API target when both the token and the chat id are set, else null (only store). */
export function telegramTarget(
  config: Pick<Config, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_CHAT_ID' | 'TELEGRAM_API_URL'>,
): TelegramTarget | null {
  if (!config.TELEGRAM_BOT_TOKEN || !config.TELEGRAM_CHAT_ID) return null;
  return {
    apiUrl: config.TELEGRAM_API_URL,
    token: config.TELEGRAM_BOT_TOKEN,
    chatId: config.TELEGRAM_CHAT_ID,
  };
}
