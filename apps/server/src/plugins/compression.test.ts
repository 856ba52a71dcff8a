import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressShared } from './compression.ts';

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

describe('compressShared', () => {
  const decompress = { br: brotliDecompressSync, zstd: zstdDecompressSync, gzip: gunzipSync, deflate: inflateSync };
  it('compresses a text once per encoding, and each form is that text', () => {
    const text = JSON.stringify({ results: Array.from({ length: 40 }, (_, id) => ({ id, name: `Lid ${id}` })) });
    for (const encoding of ['br', 'zstd', 'gzip', 'deflate'] as const) {
      const first = compressShared(encoding, text);
      expect(decompress[encoding](first).toString()).toBe(text);
      expect(compressShared(encoding, `${text}`)).toBe(first);
    }
  });
  it('keeps texts apart that differ in one character', () => {
    const one = `{"numResults":1,"pad":"${'x'.repeat(5000)}"}`;
    const two = one.replace('"numResults":1', '"numResults":2');
    expect(brotliDecompressSync(compressShared('br', one)).toString()).toBe(one);
    expect(brotliDecompressSync(compressShared('br', two)).toString()).toBe(two);
  });
});
