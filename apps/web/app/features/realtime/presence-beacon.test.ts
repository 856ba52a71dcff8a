import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPresenceBeacon } from './presence-beacon.ts';

let page: EventTarget;
let doc: EventTarget & { visibilityState: string };
let sent: { url: string; init: RequestInit }[];

beforeEach(() => {
  page = new EventTarget();
  doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  sent = [];
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(null, { status: 204 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function hide() {
  doc.visibilityState = 'hidden';
  doc.dispatchEvent(new Event('visibilitychange'));
}

describe('the presence beacon', () => {
  it('posts an empty JSON body with the client header, kept alive past the page, when the page hides', () => {
    const stop = startPresenceBeacon();
    hide();
    expect(sent).toEqual([
      {
        url: '/api/page-hidden.php',
        init: {
          method: 'POST',
          keepalive: true,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'X-Request-Type': 'client' },
          body: '{}',
        },
      },
    ]);
    stop();
  });

  it('sends once per time hidden: a closing tab hides and then leaves', () => {
    const stop = startPresenceBeacon();
    hide();
    page.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(1);
    hide();
    expect(sent).toHaveLength(2);
    stop();
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    hide();
    expect(sent).toHaveLength(2);
  });

  it('sends when the page is left while still in sight (a link to another site)', () => {
    const stop = startPresenceBeacon();
    page.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    stop();
  });
});
