// `npm run bench -- guessing-attack`: the attack of issue 31 through the API, with real captchas.
// Starts the real platform in-process (embedded PGlite, simulator, TRUST_PROXY=1) on a temporary
// data folder. Root signs in once (its browser keeps the device cookie and the session); then an
// attacker sends 50 sign-ins for root with wrong passwords from 10 addresses (X-Forwarded-For),
// each with a freshly solved proof-of-work captcha. Then the real root tries from a new device,
// from its known device, and its open session lifts the throttles and buys with a one-time code.
// The accounts clock moves one 30-second step per code instead of waiting (a code works once).
// Prints the counts, then as its last line `BENCH {…}`. Nothing asserts on time.
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { call, codeAt, solvedCaptcha } from '@balancer/server/testing';
import { benchEnvironment, prepareUsers, startBenchPlatform } from './bench-users.js';

const ATTACKERS = 10;
const ROUNDS = 5;
const PROXY = '127.0.0.1';
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const { dir, env } = await benchEnvironment('guessing-attack', { TRUST_PROXY: '1' });
  await prepareUsers(env, 'unused', 0);
  const { running } = await startBenchPlatform(env);
  const { app, services } = running;
  const { accounts } = services;
  let skew = 0;
  const base = accounts.environment;
  accounts.environment = {
    now: () => Date.now() + skew,
    interactive: false,
    print: (text) => base.print(text),
  };
  const root = await accounts.rootOtp(false);
  /** The next step's code: one step on, so no code is used twice. */
  const nextCode = () => {
    skew += 30_000;
    return codeAt(root.secret, accounts.now());
  };
  const send = async (address: string, options: Omit<Parameters<typeof call>[1], 'ip'>) =>
    call(app, { ...options, ip: PROXY, headers: { 'x-forwarded-for': address, ...options.headers } });
  const signIn = async (address: string, password: string, otpToken: string, cookie?: string) =>
    send(address, {
      method: 'POST',
      url: '/auth/jwt/sign-in',
      body: { nickname: root.nickname, password, otpToken, altchaPayload: await solvedCaptcha(app) },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  try {
    const password = 'Bench-root-pa55!';
    const set = await send('192.0.2.1', {
      method: 'PATCH',
      url: '/auth/user/password',
      body: {
        nickname: root.nickname,
        newPassword: password,
        otpToken: await nextCode(),
        altchaPayload: await solvedCaptcha(app),
      },
    });
    if (!set.success) throw new Error(`setting root's password failed: ${set.error}`);
    const first = await signIn('192.0.2.1', password, await nextCode());
    if (!first.success || !first.deviceCookie) throw new Error(`root's sign-in failed: ${first.error}`);
    const token = String(first.data);

    say(
      `attack: ${ATTACKERS * ROUNDS} sign-ins for ${root.nickname} from ${ATTACKERS} addresses, real captchas…`,
    );
    const codes = new Map<number | undefined, number>();
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let host = 1; host <= ATTACKERS; host += 1) {
        const answer = await signIn(`198.51.100.${host}`, `Guess-${round}-${host}-pa55!`, '000000');
        codes.set(answer.code, (codes.get(answer.code) ?? 0) + 1);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const checked = codes.get(4005) ?? 0;
    const refused = codes.get(4008) ?? 0;
    say(`  ${checked} checked (4005), ${refused} refused (4008), ${seconds.toFixed(1)} s with the captchas`);

    const fresh = await signIn('192.0.2.50', password, await nextCode());
    say(`  root from a new device: ${fresh.error ?? 'signed in'}`);
    const known = await signIn('192.0.2.51', password, await nextCode(), first.deviceCookie);
    say(`  root from its known device: ${known.error ?? 'signed in'}`);
    const unlock = await send('192.0.2.52', {
      method: 'PATCH',
      url: `/auth/user/${(await accounts.listUsers()).find((user) => user.authority === 5)?.id}/unlock`,
      token,
      otp: await nextCode(),
    });
    say(`  root's open session lifts the throttles: ${unlock.error ?? JSON.stringify(unlock.data)}`);
    const order = await send('192.0.2.52', {
      method: 'POST',
      url: '/position/increase',
      token,
      otp: await nextCode(),
    });
    const bought = order.data as { status?: string; amount?: string } | null;
    say(
      `  root's open session buys with a code: ${order.error ?? `${bought?.status} ${bought?.amount} BTC`}`,
    );
    const notices = await running.platform.database.db
      .selectFrom('notification')
      .select('title')
      .where('sender', '=', 'accounts')
      .execute();
    say(`  root was told: ${notices.map((notice) => notice.title).join(' | ') || 'nothing'}`);
    say(
      `BENCH ${JSON.stringify({
        guessing_attack_sign_ins: ATTACKERS * ROUNDS,
        guessing_attack_checked: checked,
        guessing_attack_refused: refused,
        guessing_attack_known_device_signed_in: known.success ? 1 : 0,
        guessing_attack_session_unlocked_and_traded: unlock.success && order.success ? 1 : 0,
        guessing_attack_notices: notices.length,
      })}`,
    );
  } finally {
    await running.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
