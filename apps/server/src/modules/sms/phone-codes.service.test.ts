import { describe, expect, it } from 'vitest';
import { drawPhoneCode, hashPhoneCode } from './phone-codes.service.ts';

describe('phone codes', () => {
  it('are six digits, leading zeros kept, and not the same each time', () => {
    const codes = Array.from({ length: 2_000 }, drawPhoneCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    // 2,000 draws from a million: a handful of repeats at most, and some start with a zero (about 10%).
    expect(new Set(codes).size).toBeGreaterThan(1_980);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('are stored as a hash bound to the member and the number', () => {
    const stored = hashPhoneCode(7, '+31612345678', '012345');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPhoneCode(7, '+31612345678', '012345')).toBe(stored);
    expect(hashPhoneCode(8, '+31612345678', '012345')).not.toBe(stored);
    expect(hashPhoneCode(7, '+31612345679', '012345')).not.toBe(stored);
    expect(hashPhoneCode(7, '+31612345678', '012346')).not.toBe(stored);
  });
});
