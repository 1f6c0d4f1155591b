import type { Exchange, Market } from 'ccxt';
import type { KeyPermissions } from '../../ports/exchange.js';
import type { CcxtExchangeId } from './config.js';

/**
 * Reads what an API key may do from each exchange's documented key-permissions endpoint, through
 * ccxt's implicit (raw) API methods, so the answer is the exchange's own fields, not ccxt's reading
 * of them. Anything not a clear yes or no in the answer is null (not reported). Errors are ccxt's,
 * for the caller to translate — except Kraken's refusal of a validate-only order, which is the answer.
 */
type Raw = Record<string, unknown>;
type Implicit = (params?: Raw) => Promise<unknown>;

/** A yes/no field: Binance and Coinbase send booleans, Bitfinex 0/1. */
function flag(value: unknown): boolean | null {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  return null;
}

function implicit(client: Exchange, name: string): Implicit {
  const method = (client as unknown as Record<string, unknown>)[name];
  if (typeof method !== 'function') throw new Error(`ccxt ${client.id} has no ${name}`);
  return (params?: Raw) => (method as Implicit).call(client, params ?? {});
}

const asRecord = (value: unknown): Raw => (typeof value === 'object' && value !== null ? (value as Raw) : {});

/** Binance GET /sapi/v1/account/apiRestrictions. */
async function binance(client: Exchange): Promise<KeyPermissions> {
  const answer = asRecord(await implicit(client, 'sapiGetAccountApiRestrictions')());
  return {
    canTrade: flag(answer.enableSpotAndMarginTrading),
    canWithdraw: flag(answer.enableWithdrawals),
    source: 'GET /sapi/v1/account/apiRestrictions',
  };
}

/** OKX GET /api/v5/account/config: `perm` is a comma-separated list of read_only, trade, withdraw. */
async function okx(client: Exchange): Promise<KeyPermissions> {
  const answer = asRecord(await implicit(client, 'privateGetAccountConfig')());
  const row = asRecord(Array.isArray(answer.data) ? answer.data[0] : undefined);
  if (typeof row.perm !== 'string') {
    return { canTrade: null, canWithdraw: null, source: 'GET /api/v5/account/config (no perm)' };
  }
  const perms = row.perm.split(',').map((p) => p.trim());
  return {
    canTrade: perms.includes('trade'),
    canWithdraw: perms.includes('withdraw'),
    source: 'GET /api/v5/account/config',
  };
}

/** Coinbase Advanced Trade GET /api/v3/brokerage/key_permissions: transfer is what moves funds out. */
async function coinbase(client: Exchange): Promise<KeyPermissions> {
  const answer = asRecord(await implicit(client, 'v3PrivateGetBrokerageKeyPermissions')());
  return {
    canTrade: flag(answer.can_trade),
    canWithdraw: flag(answer.can_transfer),
    source: 'GET /api/v3/brokerage/key_permissions',
  };
}

/** Bitfinex POST /v2/auth/r/permissions: rows of [scope, read, write]. */
async function bitfinex(client: Exchange): Promise<KeyPermissions> {
  const answer = await implicit(client, 'privatePostAuthRPermissions')();
  const rows = Array.isArray(answer) ? answer : [];
  const write = (scope: string) => {
    const row = rows.find((r) => Array.isArray(r) && r[0] === scope) as unknown[] | undefined;
    return row === undefined ? null : flag(row[2]);
  };
  return { canTrade: write('orders'), canWithdraw: write('withdraw'), source: 'POST /v2/auth/r/permissions' };
}

/**
 * Kraken reports no key permissions. A private read (Balance) proves the key reads; an order
 * AddOrder only validates (validate=true: "validate inputs only, do not submit order") proves it
 * may trade, and a key without that right is refused with EGeneral:Permission denied.
 */
async function kraken(client: Exchange, market: NonNullable<Market>): Promise<KeyPermissions> {
  await implicit(client, 'privatePostBalance')();
  const source =
    "Balance and AddOrder validate=true; Kraken does not report a key's permissions: check them in Kraken's key settings";
  const info = asRecord(market.info);
  const volume = typeof info.ordermin === 'string' ? info.ordermin : String(market.limits.amount?.min);
  try {
    await implicit(
      client,
      'privatePostAddOrder',
    )({
      pair: market.id,
      type: 'buy',
      ordertype: 'market',
      volume,
      validate: true,
    });
  } catch (error) {
    if (error instanceof Error && error.message.includes('EGeneral:Permission denied')) {
      return { canTrade: false, canWithdraw: null, source };
    }
    throw error;
  }
  return { canTrade: true, canWithdraw: null, source };
}

/**
 * The key's permissions on `exchangeId`; `market` is the traded one (Kraken validates an order on
 * it). `testnet`: Binance's testnet serves no /sapi, and ccxt would send the request to the
 * production host: nothing is asked, nothing is reported.
 */
export function readKeyPermissions(
  exchangeId: CcxtExchangeId,
  client: Exchange,
  market: () => Promise<NonNullable<Market>>,
  testnet = false,
): Promise<KeyPermissions> {
  switch (exchangeId) {
    case 'binance':
      return testnet
        ? Promise.resolve({
            canTrade: null,
            canWithdraw: null,
            source: "the Binance testnet does not serve the key's permissions (/sapi)",
          })
        : binance(client);
    case 'okx':
      return okx(client);
    case 'coinbase':
      return coinbase(client);
    case 'bitfinex':
      return bitfinex(client);
    case 'kraken':
      return market().then((m) => kraken(client, m));
  }
}
