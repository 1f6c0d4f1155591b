import { existsSync } from 'node:fs';
import path from 'node:path';
import { CodedError, isCodedError } from '@balancer/core';
import type { KeyPermissions } from '@balancer/engine';
import { type Config, embeddedDatabaseHolder } from '@balancer/server/ops';
import { type DoctorCheck, fail, skip } from './check.js';
import { judgeKeyPermissions, judgeKeysFailure, KEYS_CHECK } from './judge-keys.js';

export interface KeysLocation {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/**
 * In live mode, asks the exchange what the keys live trading uses may do (docs/exchanges.md, "Key
 * permissions"): the stored keys (`exchange-keys set`), else the settings' EXCHANGE_API_KEY. While
 * a server holds the embedded database, that server asks with its keys over the control socket;
 * otherwise doctor opens the database itself (read only: nothing is migrated or created). The
 * keys never leave the process that holds them and never appear in a check.
 */
export async function checkExchangeKeys(config: Config, location: KeysLocation): Promise<DoctorCheck[]> {
  if (config.EXCHANGE_MODE !== 'live') {
    return [
      skip(
        KEYS_CHECK,
        `EXCHANGE_MODE is ${config.EXCHANGE_MODE}: no exchange keys are used (live checks them)`,
      ),
    ];
  }
  try {
    return judgeKeyPermissions(config.EXCHANGE, await askExchange(config, location));
  } catch (error) {
    if (isCodedError(error)) {
      return judgeKeysFailure(config.EXCHANGE, { errorName: error.errorName, detail: error.detail ?? '' });
    }
    return [
      fail(
        KEYS_CHECK,
        `cannot check the keys: ${(error as Error).message.slice(0, 200)}`,
        'check the data folder and the database (the checks above), then run doctor again',
      ),
    ];
  }
}

async function askExchange(config: Config, location: KeysLocation): Promise<KeyPermissions> {
  const dataDir = config.BALANCER_DATA_DIR;
  // The full server entry (ccxt and the database driver with it) loads only in live mode.
  const server = await import('@balancer/server');
  if (!config.DATABASE_URL && embeddedDatabaseHolder(dataDir) !== undefined) {
    let answer: Record<string, unknown>;
    try {
      answer = await server.backups.requestControl(server.backups.controlSocketPath(dataDir), {
        command: 'key-permissions',
      });
    } catch (error) {
      // A server started before doctor could ask this answers as to a backup request.
      if (isCodedError(error) && error.errorName === 'BACKUP_BAD_REQUEST') {
        throw new Error('the running server is older than this doctor: restart it, then run doctor again');
      }
      throw error;
    }
    return permissionsOf(answer);
  }
  // The server's own configuration: the data folder's ENCRYPTION_KEY opens the stored keys.
  if (!existsSync(path.join(dataDir, 'secrets.json'))) return server.configuredKeyPermissions(config, null);
  const full = server.loadConfig({ ...location.env, BALANCER_DATA_DIR: dataDir }, location.cwd).config;
  if (!full.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite'))) {
    return server.configuredKeyPermissions(full, null);
  }
  const handle = await server.openDatabase({ databaseUrl: full.DATABASE_URL, dataDir });
  let keys: Awaited<ReturnType<InstanceType<typeof server.ExchangeCredentials>['get']>>;
  try {
    keys = await new server.ExchangeCredentials(() => handle.db, full.ENCRYPTION_KEY).get(full.EXCHANGE);
  } catch (error) {
    // A database not migrated to the keys' table holds no stored keys (the settings' keys count).
    if (!String((error as Error).message).includes('exchange_credential')) throw error;
    keys = null;
  } finally {
    await handle.close();
  }
  return server.configuredKeyPermissions(full, keys);
}

/** The control socket's answer, checked field by field. */
function permissionsOf(answer: Record<string, unknown>): KeyPermissions {
  const yesNo = (value: unknown) => (typeof value === 'boolean' ? value : null);
  if (typeof answer.source !== 'string') {
    throw new CodedError('BACKUP_CONTROL_SOCKET_FAILED', 'the server answered without the key permissions');
  }
  return { canTrade: yesNo(answer.canTrade), canWithdraw: yesNo(answer.canWithdraw), source: answer.source };
}
