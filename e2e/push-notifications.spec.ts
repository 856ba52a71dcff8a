import { randomInt } from 'node:crypto';
import type { CDPSession, PlaywrightWorkerArgs } from '@playwright/test';
import {
  dismissEntryWarning,
  expect,
  type Page,
  sendMessage,
  signUpMember,
  test,
  waitUntilLive,
} from './support/fixtures.ts';
import { takeScreenshots } from './support/screenshots.ts';

const client = { 'x-request-type': 'client' };

/** A logged-in API of another member, from an address of its own (the signup limit counts per address). */
async function otherMemberApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      ...client,
      'x-forwarded-for': `10.${randomInt(200, 256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    },
  });
}

/** The push worker's script, once registered and active for the page's origin. */
const activeWorkerScript = (page: Page) =>
  page.evaluate(async () => {
    // Settles once the page's code has registered a worker for it and that worker is active.
    await navigator.serviceWorker.ready;
    const registration = await navigator.serviceWorker.getRegistration('/');
    return { script: registration?.active?.scriptURL ?? null, scope: registration?.scope ?? null };
  });

/** The DevTools protocol's view of the service workers: registration ids by scope, as they register. */
async function watchWorkers(cdp: CDPSession) {
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  return registrations;
}

/** Hides the page as a switch to another tab does: `document.visibilityState` and the event. */
async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test.beforeEach(async ({ context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
});

test('the push worker registers, a push shows a notification and brings a new conversation into the open list', async ({
  page,
  context,
  baseURL,
  playwright,
  mailbox,
  member,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  // Realtime is off for this page: its socket opens but the server never hears of it, so only the push can bring
  // the news before the next minute's refresh.
  await page.routeWebSocket(/\/api\/ws/, () => {});
  const cdp = await context.newCDPSession(page);
  const registrations = await watchWorkers(cdp);

  // The first periodic reload of the chats comes 5 s after load; the message is sent after it.
  const firstReload = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/chats.php', {
    timeout: 15_000,
  });
  await page.goto('/chats');
  await waitUntilLive(page);
  await expect(page.getByTestId('chats-empty')).toBeVisible();
  const worker = await activeWorkerScript(page);
  expect(worker.script).toBe(`${new URL(baseURL!).origin}/sw-push.js?v=2`);
  expect(worker.scope).toBe(`${new URL(baseURL!).origin}/`);
  await expect.poll(() => registrations.get(`${new URL(baseURL!).origin}/`)).toBeTruthy();
  await firstReload;

  const api = await otherMemberApi(playwright, baseURL!);
  try {
    const sender = await signUpMember(api, mailbox);
    await sendMessage(api, member.profileId, 'Hoi, zin in koffie?');
    // Nothing tells the open page: no socket news, the next refresh is a minute away.
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId('chat-list-item')).toHaveCount(0);

    const payload = {
      title: `Nieuw bericht van ${sender.name}`,
      body: 'Je hebt een nieuw bericht',
      tag: 'new_messages',
      url: '/chats',
      open_url: '/login?redirect=%2Fchats',
      type: 'new_messages',
      lang: 'nl',
      icon: '/icon-192.png',
      sent_at: new Date().toISOString(),
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: registrations.get(`${new URL(baseURL!).origin}/`)!,
      data: JSON.stringify(payload),
    });

    // The notification shows, in the member's language as the server wrote it.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((shown) => ({ title: shown.title, body: shown.body }));
        }),
      )
      .toEqual([{ title: payload.title, body: payload.body }]);
    // And the open list reloads with the new conversation.
    const item = page.getByTestId('chat-list-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(sender.name);
    await expect(item.getByTestId('chat-preview')).toContainText('Hoi, zin in koffie?');
  } finally {
    await api.dispose();
  }
});

test('the page tells the server when it is out of sight: a beacon and the socket', async ({ page, member }) => {
  expect(member.userId).toBeGreaterThan(0);
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/api/ws')) socket.on('framesent', (frame) => frames.push(String(frame.payload)));
  });
  await page.goto('/members');
  await waitUntilLive(page);
  await expect.poll(() => frames).toContain(JSON.stringify({ t: 'presence', visible: true }));

  const beacon = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/page-hidden.php');
  await hidePage(page);
  const request = await beacon;
  expect(request.method()).toBe('POST');
  expect(request.postData()).toBe('{}');
  expect(request.headers()['x-request-type']).toBe('client');
  expect(request.headers()['content-type']).toBe('application/json');
  // The server took it (the CSRF check passed): 204.
  expect((await request.response())?.status()).toBe(204);
  await expect.poll(() => frames).toContain(JSON.stringify({ t: 'presence', visible: false }));
});

test('the settings show push on this device and save message previews', async ({ page, context, baseURL, member }) => {
  expect(member.userId).toBeGreaterThan(0);
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await page.goto('/settings#push');
  await waitUntilLive(page);
  const device = page.getByTestId('push-device');
  await expect(device).toHaveAttribute('data-state', 'capable');
  await expect(page.getByTestId('push-device-state')).toHaveText('Pushmeldingen staan uit op dit apparaat.');
  // No push service is reachable from this machine: switching on fails, and says so.
  await page.getByTestId('push-device-switch').click();
  await expect(page.getByTestId('push-device-error')).toHaveText(
    'Meldingen aanzetten is niet gelukt: de meldingendienst van je browser is niet bereikbaar. Probeer het later nog eens.',
  );
  await expect(device).toHaveAttribute('data-state', 'capable');
  await page.locator('#push').scrollIntoViewIfNeeded();
  await takeScreenshots(page, 'settings-push');

  const previews = page.getByLabel('Toon de tekst van berichten in meldingen');
  await expect(previews).not.toBeChecked();
  await previews.check();
  await page.locator('#push').getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByTestId('push-previews-status')).toHaveText('Opgeslagen.');
  await page.reload();
  await waitUntilLive(page);
  await expect(page.getByLabel('Toon de tekst van berichten in meldingen')).toBeChecked();
  const settings = await page.request.get('/api/account-settings.php');
  expect((await settings.json()).settings.push_previews).toBe(true);
});

test('a browser that blocks notifications: the settings say how to allow them, and no alert asks', async ({
  page,
  member,
}) => {
  expect(member.userId).toBeGreaterThan(0);
  // Headless Chromium answers the permission question with a refusal.
  await page.goto('/settings#push');
  await waitUntilLive(page);
  await expect(page.getByTestId('push-device')).toHaveAttribute('data-state', 'capable');
  await page.getByTestId('push-device-switch').click();
  await expect(page.getByTestId('push-device')).toHaveAttribute('data-state', 'denied');
  await expect(page.getByTestId('push-device-state')).toHaveText('Je browser blokkeert meldingen van deze site.');
  await expect(page.getByTestId('push-device')).toContainText('zet Meldingen op Toestaan');
  await takeScreenshots(page, 'settings-push-denied');
  // The photo alert closed, so that only the browser's refusal can keep the push alert away.
  await page.evaluate(() => localStorage.setItem('profile-photo-alert-dismissed', String(Date.now())));
  await page.goto('/members');
  await waitUntilLive(page);
  // The push code has looked once the worker is ready; the alert would show within moments after.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('photo-alert')).toHaveCount(0);
  await expect(page.getByTestId('push-alert')).toHaveCount(0);
});

test('the push alert waits for the photo alert, invites a member to switch on, and once closed stays away for 14 days', async ({
  page,
  member,
}) => {
  expect(member.userId).toBeGreaterThan(0);
  const alert = page.getByTestId('push-alert');
  // A member without a photo is asked for one first: one request at a time.
  await page.goto('/members');
  await waitUntilLive(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('photo-alert')).toBeVisible();
  await expect(alert).toHaveCount(0);
  await page.getByTestId('photo-alert').getByRole('button').last().click();

  await page.reload();
  await waitUntilLive(page);
  await expect(alert).toContainText('Zet meldingen aan');
  await expect(alert.getByRole('button', { name: 'Meldingen aanzetten' })).toBeVisible();
  await takeScreenshots(page, 'push-alert');

  await alert.getByRole('button', { name: 'Sluiten' }).click();
  await expect(alert).toHaveCount(0);
  const closedAt = Number(await page.evaluate(() => localStorage.getItem('push-alert-dismissed')));
  expect(Date.now() - closedAt).toBeLessThan(60_000);
  await page.reload();
  await waitUntilLive(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1_000);
  await expect(alert).toHaveCount(0);

  // 15 days later it asks again.
  await page.evaluate(() => localStorage.setItem('push-alert-dismissed', String(Date.now() - 15 * 86_400_000)));
  await page.reload();
  await waitUntilLive(page);
  await expect(alert).toBeVisible();
});

test.describe('the signup’s push step', () => {
  test.use({ memberOptions: { completeSignup: false } });

  test('“yes” switches push on first: a failure stays with a text, a refusal goes on', async ({
    page,
    context,
    baseURL,
    member,
  }) => {
    expect(member.userId).toBeGreaterThan(0);
    const reachPushStep = await page.request.put('/api/signup-step.php', { data: { step: 3 }, headers: client });
    expect(reachPushStep.status()).toBe(200);
    await context.grantPermissions(['notifications'], { origin: baseURL! });
    await page.goto('/complete-signup');
    await waitUntilLive(page);
    await expect(page.getByRole('heading', { name: 'Meldingen' })).toBeVisible();
    await page.getByRole('button', { name: 'Ja, stuur me meldingen' }).click();
    await expect(page.getByTestId('push-step-error')).toHaveText(
      'Meldingen aanzetten is niet gelukt: de meldingendienst van je browser is niet bereikbaar. Probeer het later nog eens.',
    );
    await expect(page.getByTestId('signup-progress')).toHaveText('Stap 4 van 5');
    await takeScreenshots(page, 'complete-signup-push-failed');

    // The browser refuses: the choice is recorded as declined and the signup goes on.
    await context.clearPermissions();
    await page.reload();
    await waitUntilLive(page);
    await page.getByRole('button', { name: 'Ja, stuur me meldingen' }).click();
    await expect(page.getByTestId('signup-progress')).toHaveText('Stap 5 van 5');
  });
});
