// Shared by the benchmarks that sign users in (signin.ts, stream.ts): creates them before the
// server starts, reaching the database the way the cli does.
import {
  AccountsService,
  createLogger,
  loadConfig,
  migrateToLatest,
  openDatabase,
  Platform,
  SecretMasker,
} from '@balancer/server';

export interface BenchUser {
  nickname: string;
  secret: string;
  password: string;
}

/**
 * Root (as after a first start; its secret stays unprinted) and `count` users of authority 1
 * named `<prefix>0…`, each with its one-time-code secret and a password it has not set yet.
 */
export async function prepareUsers(
  env: Record<string, string>,
  prefix: string,
  count: number,
): Promise<BenchUser[]> {
  const { config } = loadConfig(env);
  const handle = await openDatabase({ dataDir: config.BALANCER_DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const platform = new Platform();
    platform.markReady(handle);
    const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
    const accounts = new AccountsService(platform, config, logger);
    await accounts.rootOtp(false);
    const users: BenchUser[] = [];
    for (let i = 0; i < count; i++) {
      const created = await accounts.createUser({ nickname: `${prefix}${i}`, authority: 1 });
      const { otpSecret } = await accounts.otpHandover(created.id);
      users.push({ nickname: created.nickname, secret: otpSecret, password: `Bench-${prefix}-${i}-pa55!` });
    }
    return users;
  } finally {
    await handle.close();
  }
}
