import { describe, expect, it } from 'vitest';
import { createSmallMemo } from './small-memo.ts';

describe('createSmallMemo', () => {
  it('computes a value once while it is kept, null answers included', () => {
    const asked: string[] = [];
    const memo = createSmallMemo(
      (key) => {
        asked.push(key);
        return key === 'bad' ? null : key.toUpperCase();
      },
      { entries: 4, maxKeyLength: 10 },
    );
    expect([memo('a'), memo('a'), memo('bad'), memo('bad')]).toEqual(['A', 'A', null, null]);
    expect(asked).toEqual(['a', 'bad']);
  });

  it('keeps no more than its entries, and never a text over its length', () => {
    const asked: string[] = [];
    const memo = createSmallMemo(
      (key) => {
        asked.push(key);
        return key.length;
      },
      { entries: 2, maxKeyLength: 3 },
    );
    memo('a');
    memo('b');
    memo('c');
    memo('a');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
    memo('long');
    memo('long');
    expect(asked.filter((key) => key === 'long')).toHaveLength(2);
  });
});
