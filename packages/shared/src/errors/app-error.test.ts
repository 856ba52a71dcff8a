import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';

describe('AppError', () => {
  it('is recognised across copies of the class, and nothing else is', () => {
    // What a second bundle's copy of the class produces: same name and fields, another prototype.
    const fromOtherCopy = Object.assign(new Error('gone'), { name: 'AppError', code: 'not_found', status: 404 });
    expect(fromOtherCopy instanceof AppError).toBe(true);
    expect(new AppError('not_found') instanceof AppError).toBe(true);
    expect(new Error('x') instanceof AppError).toBe(false);
    expect({ name: 'AppError', code: 'not_found' } instanceof AppError).toBe(false);
  });
});
