import { describe, expect, it } from 'vitest';
import { expiredSessionCookie, preferenceCookie, readCookie, safeRedirectPath, withSearchParam } from './cookies.ts';

describe('cookies', () => {
  it('puts an outcome in a redirect address before its #section, keeping its query', () => {
    expect(withSearchParam('/settings#blocked', 'block_error', 'not_found')).toBe(
      '/settings?block_error=not_found#blocked',
    );
    expect(withSearchParam('/members?gender=female', 'block_error', 'x y')).toBe(
      '/members?gender=female&block_error=x+y',
    );
    expect(withSearchParam('/profile?photo_error=a', 'photo_error', 'b')).toBe('/profile?photo_error=b');
  });
  it('reads one cookie of a header', () => {
    expect(readCookie('a=1; locale=en; b=2', 'locale')).toBe('en');
    expect(readCookie('a=1', 'locale')).toBeUndefined();
    expect(readCookie(null, 'locale')).toBeUndefined();
    expect(readCookie('locale=a%20b', 'locale')).toBe('a b');
    expect(readCookie('locale=%E0%A4%A', 'locale')).toBe('%E0%A4%A');
    expect(readCookie('xlocale=nl; locale=en; locale=de', 'locale')).toBe('en');
  });
  it('writes a lax preference cookie, secure on https', () => {
    expect(preferenceCookie(new Request('http://localhost/'), 'locale', 'en', 60)).toBe(
      'locale=en; Max-Age=60; Path=/; SameSite=Lax',
    );
    expect(preferenceCookie(new Request('https://x.test/'), 'locale', 'en', 60)).toContain('; Secure');
    expect(preferenceCookie(new Request('http://localhost/'), 'x', 'a;b c', 60)).toMatch(/^x=a%3Bb%20c; /);
  });
  it('expires the session cookie with the attributes the server sets it with', () => {
    expect(expiredSessionCookie(new Request('http://localhost/'), 'session')).toBe(
      'session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(expiredSessionCookie(new Request('https://x.test/'), 'session')).toContain('; Secure');
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
