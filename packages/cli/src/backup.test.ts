import { expect, it } from 'vitest';
import { defaultBackupName } from './backup.js';

it('names default backup files by UTC time, sortable and shell-safe', () => {
  expect(defaultBackupName(new Date('2026-11-22T07:49:45.123Z'))).toBe('balancer-20261122-074945Z.jsonl.gz');
});
