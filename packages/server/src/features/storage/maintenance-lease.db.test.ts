import { expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { Platform } from '../../platform/platform.js';
import { RETENTION_RULES } from '../../platform/retention-rules.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { storageFeature } from './index.js';
import { MAINTENANCE_EVERY_MS } from './maintenance.js';

const T0 = 1_800_000_000_000;
const silent = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });

// Two instances on one database (docs/shared-state.md): the timed runs happen on one of them.
describeEachDatabase('storage maintenance on two instances', (ctx) => {
  it('runs on the lease holder only, and on another once the holder has stopped renewing it', async () => {
    let now = T0;
    const platform = new Platform();
    platform.markReady(ctx().handle);
    const [a, b] = ['a', 'b'].map((name) =>
      storageFeature(platform, silent, RETENTION_RULES, () => now, name),
    );
    expect(await a?.runIfHolder()).not.toBeNull();
    expect(await b?.runIfHolder()).toBeNull();
    now += MAINTENANCE_EVERY_MS;
    expect(await a?.runIfHolder()).not.toBeNull();
    // a dies: its lease (1.5 intervals from its last run) ends, and b takes the turn.
    now += MAINTENANCE_EVERY_MS;
    expect(await b?.runIfHolder()).toBeNull();
    now += MAINTENANCE_EVERY_MS / 2;
    expect(await b?.runIfHolder()).not.toBeNull();
  });
});
