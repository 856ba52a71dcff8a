import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './compression.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, then zstd, gzip and deflate among what the client takes equally', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('zstd, gzip')).toBe('zstd');
    expect(chooseEncoding('deflate, gzip')).toBe('gzip');
    expect(chooseEncoding('DEFLATE')).toBe('deflate');
  });

  it('follows the q-values, and q=0 refuses an encoding', () => {
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chooseEncoding('*;q=0.2, br;q=0')).toBe('zstd');
    expect(chooseEncoding('*')).toBe('br');
  });

  it('answers none for identity, nothing known, an empty header or nonsense', () => {
    for (const header of [undefined, '', 'identity', 'compress, x-gzip', 'br;q=0', 'gzip;q=abc', ',;,']) {
      expect(chooseEncoding(header), String(header)).toBeNull();
    }
  });
});
