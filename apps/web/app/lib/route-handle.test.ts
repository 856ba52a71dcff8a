import { describe, expect, it } from 'vitest';
import { defineRouteHandle, pageNeedsNoScript } from './route-handle.ts';

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
