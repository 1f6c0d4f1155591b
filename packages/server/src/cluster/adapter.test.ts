import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { adapterKind } from './adapter.js';
import { instanceName } from './instance.js';

describe('the stream adapter chosen from the configuration', () => {
  const pgUrl = 'postgres://balancer:pw@db.example:5432/balancer';
  const redisUrl = 'redis://:pw@cache.example:6379/0';

  it('is Redis with REDIS_URL, PostgreSQL with DATABASE_URL alone, none on the embedded database', () => {
    expect(adapterKind({ DATABASE_URL: pgUrl, REDIS_URL: redisUrl })).toBe('redis');
    expect(adapterKind({ DATABASE_URL: undefined, REDIS_URL: redisUrl })).toBe('redis');
    expect(adapterKind({ DATABASE_URL: pgUrl, REDIS_URL: undefined })).toBe('postgresql');
    expect(adapterKind({ DATABASE_URL: undefined, REDIS_URL: undefined })).toBe('none');
  });
});

describe('the instance name', () => {
  it('is INSTANCE_NAME, else the host name and the port', () => {
    expect(instanceName({ INSTANCE_NAME: 'api-2', PORT: 5075 })).toBe('api-2');
    expect(instanceName({ INSTANCE_NAME: undefined, PORT: 5075 })).toBe(`${hostname()}:5075`);
  });
});
