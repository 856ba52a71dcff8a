import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';

describe('isUniqueViolation', () => {
  it('finds the server error however deep the driver wrapped it', () => {
    const server = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_site_email_idx' });
    const wrapped = new Error('Failed query', { cause: new Error('driver', { cause: server }) });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_site_email_idx')).toBe(true);
    expect(isUniqueViolation(wrapped, 'other_idx')).toBe(false);
  });

  it('is false for other errors', () => {
    expect(isUniqueViolation(new Error('x', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
