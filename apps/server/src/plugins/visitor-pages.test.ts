import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Site } from '../modules/sites/sites.service.ts';
import { createVisitorPages, isShareablePage, visitorPageKey } from './visitor-pages.ts';

const site = { id: 1 } as Site;
const page = (text: string) => ({
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from(text),
});

describe('createVisitorPages', () => {
  it('finds a kept page until its lifetime is over, then renders anew', () => {
    let clock = 1_000;
    const pages = createVisitorPages({ seconds: 10, now: () => clock });
    pages.keepPage('home', page('<p>home</p>'));
    clock += 9_999;
    expect(pages.findPage('home')?.body.toString()).toBe('<p>home</p>');
    clock += 1;
    expect(pages.findPage('home')).toBeUndefined();
  });

  it('keeps no more than its size and drops the least recently used first', () => {
    // Each page counts three times its length (its compressed forms come later).
    const pages = createVisitorPages({ seconds: 10, maxBytes: 7_000 });
    pages.keepPage('a', page('a'.repeat(1_000)));
    pages.keepPage('b', page('b'.repeat(1_000)));
    pages.findPage('a');
    pages.keepPage('c', page('c'.repeat(1_000)));
    expect(pages.findPage('a')).toBeDefined();
    expect(pages.findPage('b')).toBeUndefined();
    expect(pages.findPage('c')).toBeDefined();
  });

  it('is off at 0 seconds', () => {
    expect(createVisitorPages({ seconds: 0 }).enabled).toBe(false);
    expect(createVisitorPages({ seconds: 10 }).enabled).toBe(true);
  });
});

describe('visitorPageKey', () => {
  const visitor = { user: null, chosenCountry: null, entryWarningDismissedAt: null } as const;
  const request = (changes: Record<string, unknown> = {}) =>
    ({
      method: 'GET',
      url: '/',
      site,
      locale: 'nl',
      visitorPlace: { country: 'NL' },
      cookies: {},
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
      ...changes,
    }) as unknown as FastifyRequest;
  const key = (changes: Record<string, unknown> = {}, visit: Partial<typeof visitor> | object = {}) =>
    visitorPageKey(request(changes), { ...visitor, ...visit } as never);

  it('is the same for visitors who would get the same page', () => {
    expect(key()).toBe(key());
    expect(key({}, { entryWarningDismissedAt: 1 })).toBe(key({}, { entryWarningDismissedAt: 2 }));
    expect(key({ headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' } })).toBe(
      key({ headers: { 'sec-ch-ua-mobile': '?1' } }),
    );
  });

  it('differs in each thing a visitor page may depend on', () => {
    const keys = [
      key(),
      key({ site: { id: 2 } }),
      // The same site read again (new settings) or reached by another host: another object.
      key({ site: { id: 1 } }),
      key({ locale: 'en' }),
      key({ url: '/?signup=modal' }),
      key({ visitorPlace: { country: 'BE' } }),
      key({ visitorPlace: {} }),
      key({ visitorPlace: { country: 'NL', region: 'NL-NH' } }),
      key({}, { chosenCountry: 'BE' }),
      key({}, { entryWarningDismissedAt: 1 }),
      key({ headers: { 'sec-ch-ua-mobile': '?1' } }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is null for anything but a visitor without a session cookie asking with GET', () => {
    expect(key({ method: 'HEAD' })).toBeNull();
    expect(key({ method: 'POST' })).toBeNull();
    expect(key({ cookies: { 'auth.token': 'expired-or-forged' } })).toBeNull();
    expect(key({}, { user: { id: 1 } })).toBeNull();
  });
});

describe('isShareablePage', () => {
  const nonce = 'uSLQ7uMgi6ZcXRaLynSPbA==';
  const page = { noScript: true, status: 200, setsCookies: false, body: Buffer.from('<p>home</p>'), nonce };

  it('shares a page without script, answered 200, setting no cookie and without its nonce', () => {
    expect(isShareablePage(page)).toBe(true);
    expect(isShareablePage({ ...page, nonce: '' })).toBe(true);
  });

  it('shares nothing else', () => {
    expect(isShareablePage({ ...page, noScript: false })).toBe(false);
    expect(isShareablePage({ ...page, status: 404 })).toBe(false);
    expect(isShareablePage({ ...page, status: 302 })).toBe(false);
    expect(isShareablePage({ ...page, setsCookies: true })).toBe(false);
    expect(isShareablePage({ ...page, body: Buffer.from(`<link nonce="${nonce}">`) })).toBe(false);
  });
});
