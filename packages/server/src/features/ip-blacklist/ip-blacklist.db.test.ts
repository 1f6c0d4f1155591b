import { afterAll, beforeAll, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { IpBlacklist } from './service.js';

const errorCode = (error: string | null) => Number(/\{\((-?\d+)\)\}$/.exec(error ?? '')?.[1] ?? -1);

describeEachDatabase('IP blacklist', (ctx) => {
  let ops: ReadyOpsApp;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
  });
  afterAll(() => ops.app.close());

  const rowCount = async () =>
    Number(
      (
        await ctx()
          .handle.db.selectFrom('ip_blacklist')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const add = (payload: unknown, remoteAddress = '127.0.0.1') =>
    ops.call({
      method: 'POST',
      url: '/ip-blacklist',
      payload: payload as object,
      headers: asUser(3, true),
      remoteAddress,
    });
  const list = (query = 'limit=30') =>
    ops.call({ method: 'GET', url: `/ip-blacklist?${query}`, headers: asUser(2) });

  it('lets authority 2 list and authority 3 with a one-time code change, nobody less', async () => {
    const anonymous = await ops.call({ method: 'GET', url: '/ip-blacklist?limit=5' });
    expect(errorCode(anonymous.body.error)).toBe(4252);
    const viewer = await ops.call({ method: 'GET', url: '/ip-blacklist?limit=5', headers: asUser(1) });
    expect(errorCode(viewer.body.error)).toBe(4002);
    expect((await list('limit=5')).body.success).toBe(true);

    const payload = { ip: '192.0.2.200', notes: 'authorization test' };
    for (const [method, url] of [
      ['POST', '/ip-blacklist'],
      ['PUT', '/ip-blacklist/1'],
      ['DELETE', '/ip-blacklist/1'],
    ] as const) {
      const body = method === 'DELETE' ? undefined : payload;
      const low = await ops.call({ method, url, payload: body, headers: asUser(2, true) });
      expect(errorCode(low.body.error), `${method} by authority 2`).toBe(4002);
      const noCode = await ops.call({ method, url, payload: body, headers: asUser(3) });
      expect(errorCode(noCode.body.error), `${method} without a code`).toBe(4003);
      const badCode = await ops.call({
        method,
        url,
        payload: body,
        headers: { ...asUser(3), 'otp-token': '654321' },
      });
      expect(errorCode(badCode.body.error), `${method} with a wrong code`).toBe(4004);
    }
    expect(await rowCount()).toBe(0);
  });

  it('creates, lists, replaces and deletes entries in canonical form', async () => {
    const created = await add({ ip: ' 2001:0DB8:0:0::1 ', notes: '  noisy scanner  ' });
    expect(created.body).toMatchObject({
      success: true,
      data: { ip: '2001:db8::1', notes: 'noisy scanner' },
    });
    const entry = created.body.data as { id: number; event_time: number };
    expect(Number.isInteger(entry.id)).toBe(true);

    // Another spelling of the same address is a duplicate; nothing is written.
    const duplicate = await add({ ip: '2001:db8::0:1' });
    expect(errorCode(duplicate.body.error)).toBe(4475);
    expect(await rowCount()).toBe(1);

    const second = await add({ ip: '198.51.100.7' });
    const secondId = (second.body.data as { id: number }).id;
    const replaced = await ops.call({
      method: 'PUT',
      url: `/ip-blacklist/${secondId}`,
      payload: { ip: '198.51.100.8' },
      headers: asUser(3, true),
    });
    expect(replaced.body.data).toMatchObject({ id: secondId, ip: '198.51.100.8', notes: null });
    const clash = await ops.call({
      method: 'PUT',
      url: `/ip-blacklist/${secondId}`,
      payload: { ip: '2001:db8::1' },
      headers: asUser(3, true),
    });
    expect(errorCode(clash.body.error)).toBe(4475);

    const listed = await list();
    expect((listed.body.data as Array<{ ip: string }>).map((row) => row.ip)).toEqual([
      '198.51.100.8',
      '2001:db8::1',
    ]);

    for (const id of [entry.id, secondId]) {
      const removed = await ops.call({
        method: 'DELETE',
        url: `/ip-blacklist/${id}`,
        headers: asUser(3, true),
      });
      expect(removed.body.success).toBe(true);
    }
    const again = await ops.call({
      method: 'DELETE',
      url: `/ip-blacklist/${entry.id}`,
      headers: asUser(3, true),
    });
    expect(errorCode(again.body.error)).toBe(4476);
    const missing = await ops.call({
      method: 'PUT',
      url: `/ip-blacklist/${entry.id}`,
      payload: { ip: '192.0.2.1' },
      headers: asUser(3, true),
    });
    expect(errorCode(missing.body.error)).toBe(4476);
    expect(await rowCount()).toBe(0);
  });

  it('refuses bad input in every field with a coded error and writes nothing', async () => {
    const badBodies: unknown[] = [
      {},
      { ip: '' },
      { ip: '1.2.3' },
      { ip: '256.1.1.1' },
      { ip: 'not an ip' },
      { ip: `1.2.3.4${' '.repeat(300)}x` },
      { ip: 1234567 },
      { ip: null },
      { ip: '192.0.2.1', notes: 'abc' },
      { ip: '192.0.2.1', notes: 'x'.repeat(25_001) },
      { ip: '192.0.2.1', notes: 12345 },
      { ip: '192.0.2.1', extra: true },
    ];
    for (const [index, payload] of badBodies.entries()) {
      const res = await add(payload, `10.9.0.${index + 1}`);
      expect(errorCode(res.body.error), JSON.stringify(payload).slice(0, 60)).toBe(6503);
      const put = await ops.call({
        method: 'PUT',
        url: '/ip-blacklist/1',
        payload: payload as object,
        headers: asUser(3, true),
        remoteAddress: `10.9.1.${index + 1}`,
      });
      expect(errorCode(put.body.error)).toBe(6503);
    }
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await ops.call({
          method,
          url: `/ip-blacklist/${id}`,
          payload: method === 'PUT' ? { ip: '192.0.2.1' } : undefined,
          headers: asUser(3, true),
          remoteAddress: '10.9.2.1',
        });
        expect(errorCode(res.body.error), `${method} id ${id}`).toBe(6503);
      }
    }
    for (const query of [
      '',
      'limit=0',
      'limit=31',
      'limit=x',
      'limit=5&startAtID=-1',
      'limit=5&search=',
      `limit=5&search=${'a'.repeat(301)}`,
    ]) {
      expect(errorCode((await list(query)).body.error), query).toBe(6503);
    }
    expect(await rowCount()).toBe(0);
  });

  it('refuses a listed IP on HTTP right after it is added, and allows it again after the delete', async () => {
    const ping = (remoteAddress: string) => ops.call({ method: 'GET', url: '/ping', remoteAddress });
    expect((await ping('203.0.113.9')).body.success).toBe(true);
    const created = await add({ ip: '203.0.113.9', notes: 'blocked in a test' });
    const id = (created.body.data as { id: number }).id;

    const refused = await ping('203.0.113.9');
    expect(errorCode(refused.body.error)).toBe(4001);
    // A dual-stack socket reports an IPv4 client as an IPv4-mapped IPv6 address.
    expect(errorCode((await ping('::ffff:203.0.113.9')).body.error)).toBe(4001);
    // Every route, protected ones included, is refused before the token is even read.
    const listRefused = await ops.call({
      method: 'GET',
      url: '/ip-blacklist?limit=5',
      headers: asUser(5),
      remoteAddress: '203.0.113.9',
    });
    expect(errorCode(listRefused.body.error)).toBe(4001);
    expect((await ping('203.0.113.10')).body.success).toBe(true);

    // A fresh cache loaded from the table agrees with the running one.
    const reloaded = new IpBlacklist(ops.platform);
    await reloaded.load();
    expect(reloaded.has('203.0.113.9')).toBe(true);
    expect(reloaded.has('::FFFF:cb00:7109')).toBe(true); // 203 = 0xcb, 0 = 0x00, 113 = 0x71, 9 = 0x09

    await ops.call({ method: 'DELETE', url: `/ip-blacklist/${id}`, headers: asUser(3, true) });
    expect((await ping('203.0.113.9')).body).toEqual({
      success: true,
      data: { ip: '203.0.113.9' },
      error: null,
    });
  });

  it('moves the refusal to the new address when an entry is replaced', async () => {
    const created = await add({ ip: '192.0.2.50' });
    const id = (created.body.data as { id: number }).id;
    await ops.call({
      method: 'PUT',
      url: `/ip-blacklist/${id}`,
      payload: { ip: '192.0.2.51', notes: 'moved along' },
      headers: asUser(3, true),
    });
    expect(ops.services.blacklist.has('192.0.2.50')).toBe(false);
    expect(ops.services.blacklist.has('192.0.2.51')).toBe(true);
    await ops.call({ method: 'DELETE', url: `/ip-blacklist/${id}`, headers: asUser(3, true) });
    expect(ops.services.blacklist.has('192.0.2.51')).toBe(false);
  });

  it('pages newest first and searches IPs and notes', async () => {
    const ids: number[] = [];
    for (const [ip, notes] of [
      ['192.0.2.61', 'Botnet node'],
      ['2001:db8::61', undefined],
      ['192.0.2.62', 'credential stuffing 100%'],
    ] as const) {
      ids.push(((await add({ ip, notes })).body.data as { id: number }).id);
    }
    const first = await list('limit=2');
    const firstIds = (first.body.data as Array<{ id: number }>).map((row) => row.id);
    expect(firstIds).toEqual([ids[2], ids[1]]);
    const next = await list(`limit=2&startAtID=${firstIds[1]}`);
    expect((next.body.data as Array<{ id: number }>).map((row) => row.id)).toEqual([ids[0]]);

    const search = async (text: string) =>
      ((await list(`limit=30&search=${encodeURIComponent(text)}`)).body.data as Array<{ ip: string }>).map(
        (row) => row.ip,
      );
    expect(await search('BOTNET')).toEqual(['192.0.2.61']);
    expect(await search('100%')).toEqual(['192.0.2.62']); // '%' is plain text, not a wildcard
    expect(await search('2001:0db8:0000::61')).toEqual(['2001:db8::61']); // matched in canonical form
    expect(await search('192.0.2.6')).toEqual(['192.0.2.62', '192.0.2.61']);
    expect(await search('nothing like this')).toEqual([]);
  });
});
