import { readFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '@balancer/server/ops';
import { describe, expect, it } from 'vitest';

/** `npm start` runs the server in its own process: its node command carries the server's flags. */
describe("npm start's node flags", () => {
  it('are the server flags (packages/server/src/node-flags.ts)', () => {
    const root = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
    expect(root.scripts.start).toBe(`exec node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
  });
});
