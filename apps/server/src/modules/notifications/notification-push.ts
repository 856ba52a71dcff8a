import type { Agent } from 'node:https';
import { defaultLocale, isLocale } from '@app/shared/i18n/locales';
import type { Translate } from '@app/shared/i18n/translator';
import { appIcons } from '@app/shared/sites/installed-app';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import webPush from 'web-push';
import type { Catalogs } from '../../i18n/catalogs.ts';
import type { Site } from '../sites/sites.service.ts';
import type { VapidKeys } from '../system/vapid-keys.ts';
import type { Notifiable } from './notifiable-events.ts';
import type { NotificationRecipient, NotificationsRepository } from './notifications.repository.ts';
import type { PushSender } from './notifications.service.ts';
import type { PushSubscriptionsRepository, StoredPushSubscription } from './push-subscriptions.repository.ts';

type PushType = Notifiable['type'];

/** What the service worker reads from a push (`/sw-push.js`); texts already in the member's language. */
export interface PushPayload {
  title: string;
  body: string;
  /** The notification's tag: a newer one with the same tag replaces it on the device. */
  tag: string;
  /** Where a click goes when the member is logged in (checkUrl). */
  url: string;
  /** Where a click goes otherwise (openUrl): the login page, back to `url` after. */
  open_url: string;
  type: PushType;
  lang: string;
  icon: string;
  sent_at: string;
}

export interface ComposedPush {
  payload: PushPayload;
  /** Seconds the push service keeps it for a device that is offline: a push is news, soon stale. */
  ttl: number;
  /** Per conversation (or likes, or a match): the push service keeps only the newest of a topic. */
  topic: string;
  urgency: 'high' | 'normal';
}

const ttlSeconds: Record<PushType, number> = { new_messages: 3_600, new_conversations: 3_600, like: 6 * 3_600 };
/** How much of a message a preview shows. */
const previewLength = 120;
/** Devices of one member sent to at once. */
const parallelDevices = 4;
/** A push service that does not answer within this is given up on (the job must not hang). */
const sendTimeoutMs = 10_000;

/** The message as a lock screen may show it: one line, cut to `previewLength` characters. */
function previewText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length <= previewLength
    ? line
    : `${characters
        .slice(0, previewLength - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * The pushes for what the member missed, oldest first: a conversation's messages as one push (the newest, with the
 * count), likes as one, each match on its own. Types the member turned off for push are left out. A like names nobody;
 * a message's text is shown only when the member allowed previews.
 */
export function composePushes(input: {
  recipient: Pick<NotificationRecipient, 'settings' | 'pushPreviews'>;
  notifiables: readonly Notifiable[];
  lang: string;
  t: Translate;
  /** The names of the profiles the notifiables speak of (fictional ones labelled). */
  profiles: ReadonlyMap<number, { name: string; fictional: boolean }>;
  fictionalLabel: string;
  /** The app icon as an absolute URL on the site's configured domain. */
  icon: string;
  now: Date;
}): ComposedPush[] {
  const { t, recipient } = input;
  const wanted = input.notifiables.filter((notifiable) => recipient.settings.push[notifiable.type] !== false);
  const groups = new Map<string, Notifiable[]>();
  for (const notifiable of wanted) {
    const topic =
      notifiable.type === 'like' && notifiable.match
        ? `m${notifiable.profile}`
        : notifiable.type === 'like'
          ? 'likes'
          : `c${notifiable.conversation}`;
    // Re-inserted so the map's order follows each group's newest event.
    const group = groups.get(topic) ?? [];
    groups.delete(topic);
    groups.set(topic, [...group, notifiable]);
  }
  const nameOf = (profileId: number | null) => {
    const profile = profileId === null ? undefined : input.profiles.get(profileId);
    if (!profile) return t('push.someone');
    return profile.fictional
      ? t('push.fictional_name', { name: profile.name, label: input.fictionalLabel })
      : profile.name;
  };
  return [...groups].map(([topic, group]) => {
    const newest = group.at(-1)!;
    const count = group.length;
    let type: PushType = newest.type;
    let title: string;
    let body: string;
    let url: string;
    if (newest.type === 'like' && newest.match) {
      const name = nameOf(newest.profile);
      title = t('push.match_title', { name });
      body = t('push.match_body', { name });
      url = `/members/${newest.profile}`;
    } else if (newest.type === 'like') {
      title = t('push.like_title', { count });
      body = t('push.like_body');
      url = '/likes';
    } else {
      const name = nameOf(newest.profile);
      // A conversation that began in this batch is told as new, whatever followed.
      type = group.some((notifiable) => notifiable.type === 'new_conversations') ? 'new_conversations' : 'new_messages';
      title =
        type === 'new_conversations'
          ? t('push.new_conversation_title', { name, count })
          : t('push.new_messages_title', { name, count });
      body = recipient.pushPreviews ? messagePreview(newest.message, t) : t('push.message_body');
      url = `/chats/${newest.conversation}`;
    }
    return {
      payload: {
        title,
        body,
        tag: topic,
        url,
        open_url: `/login?redirect=${encodeURIComponent(url)}`,
        type,
        lang: input.lang,
        icon: input.icon,
        sent_at: input.now.toISOString(),
      },
      ttl: ttlSeconds[type],
      topic,
      urgency: type === 'like' ? 'normal' : 'high',
    };
  });
}

function messagePreview(message: Notifiable['message'], t: Translate): string {
  if (!message) return t('push.message_body');
  if (message.type === 'photo') return t('push.preview_photo');
  if (message.type === 'gift') return t('push.preview_gift');
  if (message.type === 'gif') return t('push.preview_gif');
  return message.text ? previewText(message.text) : t('push.message_body');
}

/** A push service's refusal: 404 and 410 mean the browser's subscription is gone for good. */
function statusOf(error: unknown): number | null {
  return error instanceof webPush.WebPushError ? error.statusCode : null;
}

/**
 * Sends web push to a member's devices through their push services (web-push: VAPID-signed, aes128gcm-encrypted). A
 * device its service no longer knows (404, 410) is deleted; any other failure is logged and not retried.
 */
export function createPushSender(deps: {
  repository: PushSubscriptionsRepository;
  findNamedProfiles: NotificationsRepository['findNamedProfiles'];
  catalogs: Pick<Catalogs, 'translator'>;
  vapidKeys: VapidKeys;
  /** The origin of the site's configured domain (never a request's host). */
  siteOrigin: (site: Site) => string;
  /** Trusts the local push service stand-in in tests; the public authorities otherwise. */
  agent?: Agent;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): PushSender {
  async function sendToDevice(device: StoredPushSubscription, pushes: readonly ComposedPush[], subject: string) {
    let sent = false;
    for (const push of pushes) {
      try {
        await webPush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(push.payload),
          {
            TTL: push.ttl,
            topic: push.topic,
            urgency: push.urgency,
            vapidDetails: { subject, publicKey: deps.vapidKeys.publicKey, privateKey: deps.vapidKeys.privateKey },
            timeout: sendTimeoutMs,
            ...(deps.agent ? { agent: deps.agent } : {}),
          },
        );
        sent = true;
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 410) {
          await deps.repository.deleteSubscription(device.id);
          return;
        }
        // The endpoint is a capability URL (and a WebPushError carries it): only its host goes to the log.
        const reason = error instanceof Error ? error.message : String(error);
        deps.log.warn({ status, reason, host: new URL(device.endpoint).host }, 'push not accepted');
      }
    }
    if (sent) await deps.repository.markSent(device.id, deps.now());
  }

  return {
    async sendPushes(recipient, site, notifiables) {
      const devices = await deps.repository.findSubscriptions(recipient.userId);
      if (devices.length === 0) return;
      const lang = isLocale(recipient.language) ? recipient.language : defaultLocale;
      const t = deps.catalogs.translator(lang);
      const named = [
        ...new Set(notifiables.map((n) => n.profile).filter((profile): profile is number => profile !== null)),
      ];
      const origin = deps.siteOrigin(site);
      const pushes = composePushes({
        recipient,
        notifiables,
        lang,
        t,
        profiles: await deps.findNamedProfiles(named),
        fictionalLabel: site.settings.fictional_singular?.[lang] ?? t('fictional.singular'),
        icon: `${origin}${appIcons.any192.path}`,
        now: deps.now(),
      });
      if (pushes.length === 0) return;
      const supportEmail = site.settings.support_email;
      const subject = supportEmail ? `mailto:${supportEmail}` : `https://${site.settings.domain}`;
      const limit = pLimit(parallelDevices);
      await Promise.all(devices.map((device) => limit(() => sendToDevice(device, pushes, subject))));
    },
  };
}
