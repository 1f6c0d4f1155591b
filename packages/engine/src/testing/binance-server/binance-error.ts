/**
 * An error the test server answers with `{code, msg}`. HTTP statuses follow Binance spot REST:
 * 4xx for request errors (400 for −1013, −1021, −1022, −2010, −2013 "Order does not exist."),
 * 401 for −2015 (invalid API key), 429 / 418 for −1003, 5xx for the exchange's own trouble.
 */
export class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'BinanceError';
  }
}

/** Binance's messages for the codes the server produces (facts from the API docs). */
export const BINANCE_MESSAGES: Record<number, string> = {
  [-1000]: 'An unknown error occurred while processing the request.',
  [-1003]: 'Too many requests; current limit of IP(s) weight is 6000 request weight per 1 MINUTE.',
  [-1013]: 'Filter failure: LOT_SIZE',
  [-1021]: 'Timestamp for this request is outside of the recvWindow.',
  [-1022]: 'Signature for this request is not valid.',
  [-1100]: 'Illegal characters found in a parameter.',
  [-1102]: 'Mandatory parameter was not sent, was empty/null, or malformed.',
  [-1116]: 'Invalid orderType.',
  [-1121]: 'Invalid symbol.',
  [-1131]: 'recvWindow must be less than 60000',
  [-2010]: 'Account has insufficient balance for requested action.',
  [-2013]: 'Order does not exist.',
  [-2015]: 'Invalid API-key, IP, or permissions for action.',
};

/** A 400 (or the given status) with Binance's message for `code` unless one is given. */
export function binanceError(code: number, msg?: string, status = 400): BinanceError {
  return new BinanceError(status, code, msg ?? BINANCE_MESSAGES[code] ?? 'Unknown error.');
}

/** −1102 naming the missing parameter, as Binance does. */
export function missingParam(name: string): BinanceError {
  return binanceError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
}
