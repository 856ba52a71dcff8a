import { describe, expect, it } from 'vitest';
import { termsVersionDate } from './legal-values.ts';

describe('terms version date', () => {
  it('is 2023-12-01T12:00Z for a company added before it', () => {
    expect(termsVersionDate('2020-05-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
  it('is the company added date when later', () => {
    expect(termsVersionDate('2024-03-01T09:00:00Z').toISOString()).toBe('2024-03-01T09:00:00.000Z');
  });
});
