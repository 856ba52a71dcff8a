import { describe, expect, it } from 'vitest';
import { preferenceCookie, readCookie, safeRedirectPath } from './cookies.ts';

describe('cookies', () => {
  it('reads one cookie of a header', () => {
    expect(readCookie('a=1; locale=en; b=2', 'locale')).toBe('en');
    expect(readCookie('a=1', 'locale')).toBeUndefined();
    expect(readCookie(null, 'locale')).toBeUndefined();
  });
  it('writes a lax preference cookie, secure on https', () => {
    expect(preferenceCookie(new Request('http://localhost/'), 'locale', 'en', 60)).toBe(
      'locale=en; Max-Age=60; Path=/; SameSite=Lax',
    );
    expect(preferenceCookie(new Request('https://x.test/'), 'locale', 'en', 60)).toContain('; Secure');
  });
  it('only redirects to paths on this site', () => {
    expect(safeRedirectPath('/pages/faq?x=1')).toBe('/pages/faq?x=1');
    expect(safeRedirectPath('//evil.example/')).toBe('/');
    expect(safeRedirectPath('https://evil.example/')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });
  it('refuses what a browser would turn into another host (the attack of issue 11)', () => {
    for (const value of [
      '/\t/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/\\/evil.example',
      '///evil.example',
      ' /evil.example',
      'javascript:alert(1)',
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%2e%2e//evil.example',
      '/a/..//evil.example',
      '/./\\evil.example',
    ]) {
      expect(safeRedirectPath(value)).toBe('/');
    }
    expect(safeRedirectPath('/members/12?tab=photos#top')).toBe('/members/12?tab=photos#top');
    expect(safeRedirectPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
