import { describe, expect, it } from 'vitest';
import { findSingleSlashUrl } from './web.ts';

describe('findSingleSlashUrl', () => {
  it('makes repeated slashes and backslashes in the path single, and leaves the query as it is', () => {
    expect(findSingleSlashUrl('//')).toBe('/');
    expect(findSingleSlashUrl('/members//')).toBe('/members/');
    expect(findSingleSlashUrl('//members///5')).toBe('/members/5');
    expect(findSingleSlashUrl('/\\evil.example/x')).toBe('/evil.example/x');
    expect(findSingleSlashUrl('/login//?redirect=%2F%2Fmembers&a=//b')).toBe('/login/?redirect=%2F%2Fmembers&a=//b');
  });

  it('never turns an address into one of another site', () => {
    for (const url of ['///evil.example/x', '/\\evil.example/x', '/\\/evil.example']) {
      const single = findSingleSlashUrl(url);
      expect([url, single?.startsWith('/'), /^[/\\]{2}/.test(single ?? '//')]).toEqual([url, true, false]);
    }
    // An absolute-form target (`GET http://host/x HTTP/1.1`), which Node accepts, is not a path to rewrite.
    expect(findSingleSlashUrl('http://evil.example//x')).toBeNull();
    expect(findSingleSlashUrl('http://evil.example/x')).toBeNull();
  });

  it('is null for an address without repeated slashes, however often it is asked', () => {
    for (let time = 0; time < 3; time++) {
      for (const url of ['/', '/members/', '/members/5?x=//y', '/members\\5', '/a%2F%2Fb']) {
        expect(findSingleSlashUrl(url), url).toBeNull();
      }
      expect(findSingleSlashUrl('/a//b')).toBe('/a/b');
    }
  });
});
