import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The worker is a plain script (apps/web/service-worker/sw-push.js): run here against a fake worker scope.
const source = readFileSync(join(import.meta.dirname, '../../../service-worker/sw-push.js'), 'utf8');
const origin = 'https://hartklop.test';

interface FakeWindow {
  url: string;
  focused: boolean;
  visibilityState: string;
  messages: unknown[];
  navigatedTo: string[];
  postMessage(message: unknown): void;
  focus(): Promise<FakeWindow>;
  navigate(url: string): Promise<FakeWindow>;
}

function fakeWindow(path: string, options: { focused?: boolean; controlled?: boolean; href?: string } = {}) {
  const window: FakeWindow = {
    url: options.href ?? `${origin}${path}`,
    focused: options.focused ?? false,
    visibilityState: options.focused ? 'visible' : 'hidden',
    messages: [],
    navigatedTo: [],
    postMessage: (message) => void window.messages.push(message),
    focus: async () => window,
    navigate: async (url) => {
      if (options.controlled === false) throw new TypeError('not controlled');
      window.navigatedTo.push(url);
      return window;
    },
  };
  return window;
}

let listeners: Map<string, (event: unknown) => void>;
let shown: { title: string; options: Record<string, unknown> }[];
let windows: FakeWindow[];
let opened: string[];
let userStatus: number | 'offline';

/** Runs `name`'s listener with an event like a browser's, and waits for what it handed to `waitUntil`. */
async function dispatch(name: string, event: Record<string, unknown>) {
  let work: Promise<unknown> = Promise.resolve();
  listeners.get(name)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
  await work;
}

function pushData(value: unknown) {
  return {
    json: () => {
      if (typeof value === 'string') return JSON.parse(value);
      return value;
    },
  };
}

const payload = {
  title: 'Nieuw bericht van Anna',
  body: 'Anna stuurde je een bericht',
  tag: 'chat-12',
  url: '/chats/12',
  open_url: '/login?redirect=%2Fchats%2F12',
  type: 'new_messages',
  lang: 'nl',
  icon: '/icon-192.png',
  sent_at: '2026-11-24T12:00:00.000Z',
};

/** Shows a push, then clicks its notification. */
async function click() {
  await dispatch('push', { data: pushData(payload) });
  const notification = { data: shown.at(-1)!.options.data, close: vi.fn() };
  await dispatch('notificationclick', { notification });
  expect(notification.close).toHaveBeenCalledOnce();
}

beforeEach(() => {
  listeners = new Map();
  shown = [];
  windows = [];
  opened = [];
  userStatus = 200;
  const self = {
    location: new URL(`${origin}/sw-push.js?v=2`),
    addEventListener: (name: string, listener: (event: unknown) => void) => listeners.set(name, listener),
    skipWaiting: async () => {},
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }),
    },
    clients: {
      claim: async () => {},
      matchAll: async (query: Record<string, unknown>) => {
        expect(query).toEqual({ type: 'window', includeUncontrolled: true });
        return windows;
      },
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  const fetch = async (url: string, init: { headers: Record<string, string> }) => {
    expect(url).toBe('/api/user.php');
    expect(init.headers['X-Request-Type']).toBe('client');
    if (userStatus === 'offline') throw new TypeError('Failed to fetch');
    return { status: userStatus };
  };
  runInNewContext(source, { self, fetch, URL });
});

describe('the push worker', () => {
  it('shows the push in the member’s language and tells every open page', async () => {
    windows = [fakeWindow('/chats'), fakeWindow('/likes')];
    await dispatch('push', { data: pushData(payload) });
    expect(shown).toEqual([
      {
        title: 'Nieuw bericht van Anna',
        options: {
          body: 'Anna stuurde je een bericht',
          lang: 'nl',
          icon: `${origin}/icon-192.png`,
          tag: 'chat-12',
          renotify: true,
          timestamp: Date.parse(payload.sent_at),
          data: { url: '/chats/12', open_url: '/login?redirect=%2Fchats%2F12', payload },
        },
      },
    ]);
    for (const window of windows) expect(window.messages).toEqual([{ type: 'NEW_PUSH_MESSAGE', payload }]);
  });

  it('shows a push that is not JSON with the site’s name', async () => {
    await dispatch('push', { data: pushData('niet-json{') });
    expect(shown[0]).toMatchObject({ title: 'hartklop.test', options: { body: '' } });
    expect(shown[0]!.options).not.toHaveProperty('renotify');
  });

  it('takes an icon from the site or over https (a CDN), nothing else', async () => {
    await dispatch('push', { data: pushData({ ...payload, icon: 'https://cdn.hartklop.test/p/1.webp' }) });
    expect(shown[0]!.options.icon).toBe('https://cdn.hartklop.test/p/1.webp');
    await dispatch('push', { data: pushData({ ...payload, icon: 'http://elders.test/x.png' }) });
    expect(shown[1]!.options).not.toHaveProperty('icon');
    await dispatch('push', { data: pushData({ ...payload, icon: 'javascript:alert(1)' }) });
    expect(shown[2]!.options).not.toHaveProperty('icon');
  });

  it('takes a logged-in click to checkUrl in the open tab, focused, not a second tab', async () => {
    const tab = fakeWindow('/members');
    windows = [fakeWindow('/likes'), tab];
    tab.focused = true;
    await click();
    expect(tab.navigatedTo).toEqual([`${origin}/chats/12`]);
    expect(windows[0]!.navigatedTo).toEqual([]);
    expect(opened).toEqual([]);
    expect(tab.messages.at(-1)).toEqual({ type: 'NEW_PUSH_CLICK', payload });
  });

  it('takes a logged-out click to openUrl, in a new window when no tab of the site is open', async () => {
    userStatus = 403;
    windows = [fakeWindow('', { href: 'https://elders.test/' })];
    await click();
    expect(opened).toEqual([`${origin}/login?redirect=%2Fchats%2F12`]);
  });

  it('goes to checkUrl when it cannot tell (offline), whose page asks a visitor to log in anyway', async () => {
    userStatus = 'offline';
    await click();
    expect(opened).toEqual([`${origin}/chats/12`]);
  });

  it('leaves a tab already on the page alone, and opens a window when the tab cannot be navigated', async () => {
    const there = fakeWindow('/chats/12', { focused: true });
    windows = [there];
    await click();
    expect(there.navigatedTo).toEqual([]);
    expect(opened).toEqual([]);

    windows = [fakeWindow('/members', { controlled: false })];
    await click();
    expect(opened).toEqual([`${origin}/chats/12`]);
  });

  it('never sends a click to another site', async () => {
    await dispatch('push', { data: pushData({ ...payload, url: 'https://elders.test/chats', open_url: '//x.test' }) });
    await dispatch('notificationclick', { notification: { data: shown[0]!.options.data, close: () => {} } });
    expect(opened).toEqual([`${origin}/`]);
  });
});
