import { CodedError } from '@balancer/core';
import { expect, it } from 'vitest';
import { SECRET_KEYS } from '../../config/schema.js';
import { Platform } from '../../platform/platform.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { TEST_CONFIG } from '../../testing/test-app.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { ClusterInstances } from './cluster-instances.js';
import { RECENT_MS } from './repository.js';
import { assertSameSecrets, secretsCheck } from './secrets-check.js';

const T0 = 1_800_000_000_000;
const OTHER_PEPPER = { ...TEST_CONFIG, PASSWORD_PEPPER: `${TEST_CONFIG.PASSWORD_PEPPER}-other` };

it('the check value is the same for the same secrets and differs when any one differs', () => {
  expect(secretsCheck(TEST_CONFIG)).toBe(secretsCheck({ ...TEST_CONFIG }));
  for (const key of SECRET_KEYS)
    expect(secretsCheck({ ...TEST_CONFIG, [key]: `${TEST_CONFIG[key]}x` })).not.toBe(
      secretsCheck(TEST_CONFIG),
    );
  // It names no secret, nor any part of one.
  for (const key of SECRET_KEYS)
    expect(secretsCheck(TEST_CONFIG)).not.toContain(TEST_CONFIG[key].slice(0, 8));
});

describeEachDatabase('an instance with other secrets than the running ones', (ctx) => {
  const running = async (name: string, check: string, now: number) => {
    const platform = new Platform();
    platform.markReady(ctx().handle);
    await new ClusterInstances(
      platform,
      name,
      () => now,
      () => false,
      capturingLogger().logger,
      check,
    ).beat();
  };
  const refusal = (promise: Promise<void>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof CodedError ? error.codedMessage : String(error)),
    );

  it('is refused while an instance with other secrets runs; the same secrets, or a silent instance, are not', async () => {
    const { db } = ctx().handle;
    await running('node-a', secretsCheck(TEST_CONFIG), T0);
    expect(await refusal(assertSameSecrets(db, 'node-b', secretsCheck(TEST_CONFIG), T0 + 1_000))).toBeNull();
    expect(await refusal(assertSameSecrets(db, 'node-b', secretsCheck(OTHER_PEPPER), T0 + 1_000))).toMatch(
      /^This instance has other platform secrets.*node-a runs on this database with other platform secrets.*\{\(8021\)\}$/,
    );
    // Its own row (a previous life) is not another instance.
    expect(await refusal(assertSameSecrets(db, 'node-a', secretsCheck(OTHER_PEPPER), T0 + 1_000))).toBeNull();
    // Once node-a has been silent for RECENT_MS, the secrets may change (a rotation with every instance stopped).
    expect(
      await refusal(assertSameSecrets(db, 'node-b', secretsCheck(OTHER_PEPPER), T0 + RECENT_MS + 1)),
    ).toBeNull();
    // An instance of an older version records no check value: not compared.
    await running('node-old', '', T0 + RECENT_MS + 1);
    expect(
      await refusal(assertSameSecrets(db, 'node-b', secretsCheck(OTHER_PEPPER), T0 + RECENT_MS + 2)),
    ).toBeNull();
  });
});
