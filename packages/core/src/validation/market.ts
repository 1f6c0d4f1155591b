import { z } from 'zod';

/** A coin or instrument symbol such as 'BTC' or 'USDT': 1–20 upper-case letters or digits. */
export const COIN_SYMBOL_PATTERN = /^[A-Z0-9]{1,20}$/;
export const COIN_SYMBOL_MESSAGE = 'The symbol must be 1 to 20 upper-case letters or digits';

/** A coin symbol; not upper-cased for the caller, so 'btc' fails rather than silently changing. */
export const coinSymbolSchema = z.string({ error: COIN_SYMBOL_MESSAGE }).regex(COIN_SYMBOL_PATTERN);
