import { describe, expect, it } from 'vitest';
import { findNulCharacter, idParamSchema, idSchema, maxId, parseIdParam } from './input.ts';

describe('ids', () => {
  it('takes positive integers up to the database integer range', () => {
    expect(idSchema.safeParse(1).success).toBe(true);
    expect(idSchema.safeParse(maxId).success).toBe(true);
    for (const bad of [0, -1, 1.5, maxId + 1, 2 ** 53, '1', null, [1]]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('reads an id from an address only in its one spelling', () => {
    expect(parseIdParam('42')).toBe(42);
    expect(parseIdParam('2147483647')).toBe(maxId);
    expect(idParamSchema.parse('7')).toBe(7);
    for (const bad of ['2147483648', '9999999999', '0', '01', '-1', '+1', '1e3', '1.0', ' 1', '0x10', '١', '', 'a']) {
      expect(parseIdParam(bad), bad).toBeNull();
      expect(idParamSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(parseIdParam(undefined)).toBeNull();
  });
});

describe('findNulCharacter', () => {
  it('names the first text or key holding a NUL character, at any depth', () => {
    expect(findNulCharacter({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toBe('b.1.c');
    expect(findNulCharacter({ 'k\u0000': 1 })).toBe('k\\0');
    expect(findNulCharacter('\u0000')).toBe('input');
    expect(findNulCharacter({ a: 'ok', n: 1, b: true, z: null, list: [] })).toBeNull();
    expect(findNulCharacter(Buffer.from([0]))).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 200_000; level++) deep = level % 2 ? [deep] : { a: deep };
    expect(findNulCharacter(deep)).toMatch(/^0\.a\.0\.a/);
  });
});
