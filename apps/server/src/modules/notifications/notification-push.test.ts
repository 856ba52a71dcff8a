import { defaultNotificationSettings } from '@app/shared/accounts/account-settings';
import { createTranslator } from '@app/shared/i18n/translator';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../i18n/catalogs.ts';
import type { Notifiable } from './notifiable-events.ts';
import { composePushes } from './notification-push.ts';

const t = createTranslator('nl', readCatalog('nl'));
const at = new Date('2026-11-24T20:00:00Z');
let eventId = 0;
const message = (conversation: number, profile: number, type = 'message', text: string | null = 'Hoi'): Notifiable => ({
  eventId: ++eventId,
  type: 'new_messages',
  match: false,
  conversation,
  profile,
  message: { id: eventId, type, text },
  at,
});
const like = (): Notifiable => ({
  eventId: ++eventId,
  type: 'like',
  match: false,
  conversation: null,
  profile: null,
  message: null,
  at,
});

const compose = (notifiables: Notifiable[], pushPreviews = false, settings = defaultNotificationSettings()) =>
  composePushes({
    recipient: { settings, pushPreviews },
    notifiables,
    lang: 'nl',
    t,
    profiles: new Map([
      [7, { name: 'Anna', fictional: false }],
      [8, { name: 'Sofie', fictional: true }],
    ]),
    fictionalLabel: 'Fictief profiel',
    icon: 'https://hartklop.test/icons/app-192.png',
    now: at,
  });

describe('composePushes', () => {
  it('makes one push per conversation (the newest, counted) and one for the likes, newest group last', () => {
    const pushes = compose([message(1, 7), like(), message(2, 8), message(1, 7, 'message', 'Nog een'), like()]);
    expect(pushes.map((push) => [push.topic, push.payload.title])).toEqual([
      ['c2', 'Nieuw bericht van Sofie (Fictief profiel)'],
      ['c1', '2 nieuwe berichten van Anna'],
      ['likes', '2 mensen vinden je leuk'],
    ]);
    expect(pushes.map((push) => [push.ttl, push.urgency])).toEqual([
      [3_600, 'high'],
      [3_600, 'high'],
      [21_600, 'normal'],
    ]);
  });

  it('shows a preview only when allowed: text cut to one line of 120 characters, typed text for the rest', () => {
    const long = `Eerste regel\n\n${'x'.repeat(200)}`;
    expect(compose([message(1, 7, 'message', long)])[0]!.payload.body).toBe(t('push.message_body'));
    const [cut] = compose([message(1, 7, 'message', long)], true);
    expect(cut!.payload.body.startsWith('Eerste regel xxx')).toBe(true);
    expect([...cut!.payload.body]).toHaveLength(120);
    expect(compose([message(1, 7, 'photo', null)], true)[0]!.payload.body).toBe(t('push.preview_photo'));
    expect(compose([message(1, 7, 'gift', 'Roos')], true)[0]!.payload.body).toBe(t('push.preview_gift'));
    expect(compose([message(1, 7, 'gif', null)], true)[0]!.payload.body).toBe(t('push.preview_gif'));
    expect(compose([message(1, 7, 'message', '  kort  ')], true)[0]!.payload.body).toBe('kort');
  });

  it('leaves out the types the member turned off for push', () => {
    const settings = defaultNotificationSettings();
    settings.push.new_messages = false;
    expect(compose([message(1, 7), like()], false, settings).map((push) => push.topic)).toEqual(['likes']);
  });
});
