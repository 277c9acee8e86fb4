import { describe, expect, it } from 'vitest';
import { moveItem } from './reorder';

describe('moving an item of an ordered list', () => {
  it('moves down, up, and stays inside the list', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 1)).toEqual([1, 4, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 9)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
  });

  it('leaves the original alone', () => {
    const ids = [1, 2, 3];
    expect(moveItem(ids, 1, 0)).toEqual([2, 1, 3]);
    expect(ids).toEqual([1, 2, 3]);
  });
});
