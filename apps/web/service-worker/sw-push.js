/*
 * The push service worker, served by the server at /sw-push.js (scope /; the page registers /sw-push.js?v=2, and a
 * new version number makes browsers take a changed worker). Plain script without a bundler: it only shows pushes
 * and opens the site from them. A push's texts come in the member's language already (the server writes them), so
 * it needs no catalog. It has no fetch handler: pages load as they would without it.
 */

/** The site's own address for `value` (a path, or a URL on this origin); null for anything else. */
function sitePath(value) {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/** A notification icon: a path on the site, or an https address (photos may come from the site's CDN). */
function iconUrl(value) {
  const own = sitePath(value);
  if (own || typeof value !== 'string' || !value.startsWith('https://')) return own;
  try {
    return new URL(value).href;
  } catch {
    return null;
  }
}

function text(value) {
  return typeof value === 'string' ? value : '';
}

/** The push's JSON (title, body, tag, url, open_url, type, lang, icon, sent_at), or an empty object. */
function readPayload(data) {
  if (!data) return {};
  try {
    const payload = data.json();
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? payload : {};
  } catch {
    return {};
  }
}

/** Where a click goes (spec section 7): checkUrl (`url`) when logged in, else openUrl (`open_url`); home otherwise. */
function chooseClickUrl(payload, loggedIn) {
  const wanted = loggedIn ? payload.url : payload.open_url;
  return sitePath(wanted) ?? sitePath(payload.url) ?? sitePath('/');
}

/**
 * Whether the browser's session is logged in: only a definite 403 says no. A network or server failure goes to
 * checkUrl, whose page sends a visitor to log in anyway.
 */
async function isLoggedIn() {
  try {
    const answer = await fetch('/api/user.php', {
      credentials: 'include',
      headers: { accept: 'application/json', 'X-Request-Type': 'client' },
    });
    return answer.status !== 403;
  } catch {
    return true;
  }
}

function openWindows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** The site's tab the member most likely looks at: the focused one, else a visible one, else any. */
function pickWindow(windows) {
  const own = windows.filter((client) => sitePath(client.url) !== null);
  return (
    own.find((client) => client.focused) ?? own.find((client) => client.visibilityState === 'visible') ?? own[0] ?? null
  );
}

async function showPush(payload) {
  const tag = text(payload.tag);
  const icon = iconUrl(payload.icon);
  const sentAt = Date.parse(text(payload.sent_at));
  await self.registration.showNotification(text(payload.title) || self.location.hostname, {
    body: text(payload.body),
    lang: text(payload.lang),
    ...(icon ? { icon } : {}),
    // A repeated tag replaces the notification and alerts again (renotify needs a tag).
    ...(tag ? { tag, renotify: true } : {}),
    ...(Number.isFinite(sentAt) ? { timestamp: sentAt } : {}),
    data: { url: text(payload.url), open_url: text(payload.open_url), payload },
  });
  // Open pages reload their chats and likes.
  for (const client of await openWindows()) client.postMessage({ type: 'NEW_PUSH_MESSAGE', payload });
}

async function openFromClick(notification) {
  const payload = notification.data?.payload ?? {};
  const windows = await openWindows();
  for (const client of windows) client.postMessage({ type: 'NEW_PUSH_CLICK', payload });
  const target = chooseClickUrl(payload, await isLoggedIn());
  const open = pickWindow(windows);
  if (!open) {
    await self.clients.openWindow(target);
    return;
  }
  // One tab: the open one comes to the front and goes to the push's page.
  const focused = await open.focus().catch(() => open);
  if (focused.url === target) return;
  try {
    await focused.navigate(target);
  } catch {
    // Only a page this worker controls can be navigated: otherwise a tab of its own.
    await self.clients.openWindow(target);
  }
}

/** A push service that renewed the subscription: the server gets the new one (pages also send theirs on each load). */
async function sendRenewedSubscription(event) {
  const key = event.oldSubscription?.options?.applicationServerKey;
  const subscription =
    event.newSubscription ??
    (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  if (!subscription) return;
  await fetch('/api/user.php?push=1', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'X-Request-Type': 'client' },
    body: JSON.stringify({ subscription: subscription.toJSON() }),
  });
}

// A changed worker takes over at once and controls the open pages, so that a click can navigate them.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => event.waitUntil(showPush(readPayload(event.data))));

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromClick(event.notification));
});

self.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(sendRenewedSubscription(event)));
