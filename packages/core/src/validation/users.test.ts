import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  assignableAuthoritySchema,
  authoritySchema,
  userAuthorityUpdateSchema,
  userCreateSchema,
  userRenameSchema,
} from './users.js';

const issuesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('authority', () => {
  it('is an integer from 1 to 5, and 1 to 4 when assigned', () => {
    for (const level of [1, 2, 3, 4, 5]) expect(authoritySchema.parse(level)).toBe(level);
    for (const level of [1, 2, 3, 4]) expect(assignableAuthoritySchema.parse(level)).toBe(level);
    for (const bad of [0, 6, 2.5, '3', Number.NaN, undefined]) {
      expect(issuesOf(authoritySchema, bad)).toEqual([': The authority must be an integer from 1 to 5']);
    }
    expect(issuesOf(assignableAuthoritySchema, 5)).toEqual([
      ': The authority must be an integer from 1 to 4',
    ]);
  });
});

describe('user bodies', () => {
  it('creates with a nickname and an assignable authority', () => {
    expect(userCreateSchema.parse({ nickname: 'bob', authority: 2 })).toEqual({
      nickname: 'bob',
      authority: 2,
    });
    expect(issuesOf(userCreateSchema, { nickname: 'b', authority: 5 })).toEqual([
      'nickname: Enter a valid nickname',
      'authority: The authority must be an integer from 1 to 4',
    ]);
  });

  it('renames and changes authority', () => {
    expect(userRenameSchema.parse({ newNickname: 'bobby' })).toEqual({ newNickname: 'bobby' });
    expect(issuesOf(userRenameSchema, { newNickname: 'bob by' })).toEqual([
      'newNickname: Enter a valid nickname',
    ]);
    expect(userAuthorityUpdateSchema.parse({ newAuthority: 4 })).toEqual({ newAuthority: 4 });
    expect(issuesOf(userAuthorityUpdateSchema, { newAuthority: 5 })).toEqual([
      'newAuthority: The authority must be an integer from 1 to 4',
    ]);
    expect(issuesOf(userAuthorityUpdateSchema, { newAuthority: 3, nickname: 'x' })).toEqual([
      ': Unrecognized key: "nickname"',
    ]);
  });
});
