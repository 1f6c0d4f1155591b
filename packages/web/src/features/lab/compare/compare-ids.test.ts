import { describe, expect, it } from 'vitest';
import { compareIdsOf } from './compare-ids';

describe('compareIdsOf', () => {
  it('takes two to four positive ids in order, duplicates dropped', () => {
    expect(compareIdsOf('3,1')).toEqual([3, 1]);
    expect(compareIdsOf(' 1, 2 ,3,4')).toEqual([1, 2, 3, 4]);
    expect(compareIdsOf('5,5,6')).toEqual([5, 6]);
  });

  it('refuses fewer than two, more than four, or anything not an id', () => {
    for (const bad of [null, '', '1', '1,1', '1,2,3,4,5', '1,x', '0,1', '1,-2', '1.5,2', '1,,2'])
      expect(compareIdsOf(bad), String(bad)).toBeNull();
  });
});
