import type { BrowserNamespace } from '@app/shared/i18n/message-namespaces';
import { describe, expect, it } from 'vitest';
import { defineRouteHandle, groupPageMessages, pageNeedsNoScript } from './route-handle.ts';

const root = { handle: undefined, loaderData: {} };

describe('pageNeedsNoScript', () => {
  it('follows the deepest route', () => {
    expect(pageNeedsNoScript([root, { handle: defineRouteHandle({ noScript: true }), loaderData: {} }])).toBe(true);
    expect(pageNeedsNoScript([{ handle: { noScript: true }, loaderData: {} }, root])).toBe(false);
    expect(pageNeedsNoScript([root])).toBe(false);
    expect(pageNeedsNoScript([])).toBe(false);
  });

  it('asks the route when it depends on the loader data', () => {
    const handle = defineRouteHandle<{ loggedIn: boolean }>({ noScript: (data) => data?.loggedIn === false });
    expect(pageNeedsNoScript([root, { handle, loaderData: { loggedIn: false } }])).toBe(true);
    expect(pageNeedsNoScript([root, { handle, loaderData: { loggedIn: true } }])).toBe(false);
    // An error page (no loader data) keeps its scripts.
    expect(pageNeedsNoScript([root, { handle, loaderData: undefined }])).toBe(false);
  });
});

describe('groupPageMessages', () => {
  const handle = (messages: BrowserNamespace[]) => defineRouteHandle({ messages });

  it('loads the routes around the page in one set and the page in another', () => {
    const matches = [
      { handle: handle(['error_page']) },
      { handle: handle(['nav', 'footer']) },
      { handle: handle(['profile', 'members']) },
    ];
    expect(groupPageMessages(matches)).toEqual([
      ['error_page', 'footer', 'nav'],
      ['members', 'profile'],
    ]);
  });

  it('leaves out empty sets and what the routes around the page already have', () => {
    expect(groupPageMessages([{ handle: handle(['error_page']) }, { handle: undefined }])).toEqual([['error_page']]);
    expect(groupPageMessages([{ handle: handle(['nav']) }, { handle: handle(['nav', 'home']) }])).toEqual([
      ['nav'],
      ['home'],
    ]);
    expect(groupPageMessages([])).toEqual([]);
  });
});
