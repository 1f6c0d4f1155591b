import { KitHttpError } from '../exchange-kit/index.js';

/**
 * OKX v5 error codes the stand-in answers, with the messages of OKX's "Error Code" table
 * (https://www.okx.com/docs-v5/en/#error-code). Every answer is `{ code, msg, data }`, codes as
 * strings; authentication failures are HTTP 401, rate limits 429, order refusals HTTP 200 with
 * code "1" and the per-order `sCode`/`sMsg`.
 */
export const OKX_MESSAGES: Record<string, string> = {
  '50001': 'Service temporarily unavailable. Please try again later',
  '50002': 'JSON syntax error',
  '50011': 'Too Many Requests',
  '50014': 'Parameter {0} can not be empty',
  '50015': 'Either parameter ordId or clOrdId is required',
  '50101': 'APIKey does not match current environment',
  '50102': 'Timestamp request expired',
  '50103': 'Request header "OK-ACCESS-KEY" can not be empty',
  '50104': 'Request header "OK-ACCESS-PASSPHRASE" can not be empty',
  '50105': 'Request header "OK-ACCESS-PASSPHRASE" incorrect',
  '50106': 'Request header "OK-ACCESS-SIGN" can not be empty',
  '50107': 'Request header "OK-ACCESS-TIMESTAMP" can not be empty',
  '50111': 'Invalid OK-ACCESS-KEY',
  '50112': 'Invalid OK-ACCESS-TIMESTAMP',
  '50113': 'Invalid Sign',
  '51000': 'Parameter {0} error',
  '51001': "Instrument ID doesn't exist",
  '51008': 'Order failed. Insufficient {0} balance in account',
  '51016': 'Duplicated clOrdId',
  '51020': 'Your order should meet or exceed the minimum order amount.',
  '51121': 'Order quantity must be a multiple of the lot size.',
  '51400': 'Order cancellation failed as the order has been filled, canceled or does not exist.',
  '51603': 'Order does not exist',
};

function message(code: string, arg?: string): string {
  const text = OKX_MESSAGES[code] ?? 'Error';
  return arg === undefined ? text : text.replace('{0}', arg);
}

/** A whole-request error: `{ code, msg, data: [] }` with an HTTP status (401 auth, 400 else). */
export function okxError(code: string, status = 400, arg?: string): KitHttpError {
  return new KitHttpError({ status, body: { code, msg: message(code, arg), data: [] } }, code);
}

/** The per-order refusal of place/cancel: HTTP 200, code "1", the reason in `data[].sCode`. */
export function okxOrderError(
  code: string,
  ids: { clOrdId?: string; ordId?: string },
  arg?: string,
  batch = false,
): KitHttpError {
  const row = {
    clOrdId: ids.clOrdId ?? '',
    ordId: ids.ordId ?? '',
    tag: '',
    sCode: code,
    sMsg: message(code, arg),
  };
  const msg = batch ? 'All operations failed' : 'Operation failed.';
  return new KitHttpError({ status: 200, body: { code: '1', msg, data: [row] } });
}
