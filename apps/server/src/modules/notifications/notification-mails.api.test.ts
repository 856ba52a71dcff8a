import { and, eq, like, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { conversationMembers } from '../../db/schema/chat.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { mailLink } from '../../test/smtp-server.ts';
import {
  createTestApp,
  createTestAppWithSmtp,
  loginMember,
  sessionCookie,
  type TestAppWithSmtp,
  testDatabaseKind,
} from '../../test/test-app.ts';

const mailEventsSecret = 'test-mail-events-secret-0123456789';
const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

let t: TestAppWithSmtp;
// In the past of the database's clock, so that every job queued for "now + a wait" on this clock is due at once; the
// tests move it forward by about 12 days in all. Not further back: pg-boss drops a queued job 14 days after its start.
let clock = new Date(Date.now() - 13 * dayMs);
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 12, now: () => clock, config: { mailEventsSecret } });
});
afterAll(() => t?.close());

const json = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

interface Member {
  cookie: string;
  userId: number;
  profileId: number;
  email: string;
}

let sequence = 0;
const clientId = () => `mail-test-${(sequence++).toString(36).padStart(5, '0')}`;

/** A new member, signed up in `locale` and activated through the mailed link. */
async function newMember(name: string, locale = 'nl'): Promise<Member> {
  const email = `${name.toLowerCase()}-${sequence++}@example.com`;
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { ...json, cookie: `locale=${locale}` },
    payload: JSON.stringify({ email, name, password: 'sterk-genoeg-123', date_of_birth: '1991-01-01' }),
    remoteAddress: `198.51.100.${sequence % 250}`,
  });
  expect(signup.statusCode).toBe(200);
  const cookie = sessionCookie(signup);
  await t.app.services.mail.sendQueuedMails();
  const activation = t.smtp.messages.findLast((mail) => JSON.stringify(mail.to).includes(email));
  const link = mailLink(activation, '/api/activate.php')!;
  await t.app.inject({ url: link.pathname + link.search, headers: { host: 'localhost' } });
  const user = (await t.app.inject({ url: '/api/user.php', headers: { ...json, cookie } })).json().user;
  expect(user.status).toBe('active');
  return { cookie, userId: user.id, profileId: user.profile.id, email };
}

async function demoMember(index: number): Promise<Member> {
  const { cookie, user } = await loginMember(t.app, demoAccounts[index]!.email);
  return { cookie, userId: user.id, profileId: user.profile.id, email: user.email };
}

async function send(from: Member, to: Member, text = 'Hoi!') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: { ...json, cookie: from.cookie },
    payload: JSON.stringify({ profile: to.profileId, type: 'message', text, client_id: clientId() }),
  });
  expect(response.statusCode).toBe(200);
}

async function grant(member: Member, credits: number) {
  await t.app.services.credits.ledger.grantCredits(
    { userId: member.userId, reason: 'correction', reference: `mail-test-${sequence++}` },
    credits,
  );
}

/** Runs what follows an event: the delivery job, the mail job after its wait, and the outbox. */
async function runNotifications() {
  await t.app.services.notifications.deliverQueued();
  await t.app.services.notificationMails.sendDueNotificationMails();
  await t.app.services.mail.sendQueuedMails();
}

/** Notification mails (those with List-Unsubscribe) received for an address, oldest first. */
function notificationMailsTo(address: string): ParsedMail[] {
  return t.smtp.messages.filter(
    (mail) =>
      JSON.stringify(mail.to).includes(address) && mail.headerLines.some((line) => line.key === 'list-unsubscribe'),
  );
}

function header(mail: ParsedMail, key: string): string {
  const line = mail.headerLines.find((entry) => entry.key === key)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).trim();
}

/** The token of the mail's one-click address. */
function oneClickToken(mail: ParsedMail): string {
  const match = /<([^>]+)>/.exec(header(mail, 'list-unsubscribe'));
  return new URL(match![1]!).searchParams.get('token')!;
}

async function disabledReasons(userId: number): Promise<string[]> {
  const [row] = await t.database.db
    .select({ disabled: users.notificationsDisabled })
    .from(users)
    .where(eq(users.id, userId));
  return row!.disabled;
}

const origin = () => `http://localhost:${t.config.port}`;

describe(`notification mails on ${testDatabaseKind()}`, () => {
  let writer: Member;
  let second: Member;
  beforeAll(async () => {
    writer = await demoMember(1); // premium, with credits
    second = await newMember('Bob');
    await grant(second, 200);
  });

  it('sends one mail for several new messages in the member’s language, with the unsubscribe headers and links', async () => {
    const reader = await newMember('Carla', 'en');
    advance(hourMs);
    await send(writer, reader, 'Hello there');
    await t.app.services.notifications.deliverQueued();
    // The mail waits: what else arrives meanwhile goes in it.
    const queued = await t.database.db.execute(
      sql`select start_after from pgboss.job where name = 'notifications.mail' and data->>'userId' = ${String(reader.userId)}`,
    );
    const [job] = (queued as unknown as { rows: { start_after: Date | string }[] }).rows;
    expect(new Date(job!.start_after).getTime()).toBe(clock.getTime() + 2 * minuteMs);
    advance(minuteMs);
    await send(second, reader, 'Hi Carla');
    await send(second, reader, 'Are you there?');
    await runNotifications();

    const mails = notificationMailsTo(reader.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^3 new messages from .+ and Bob$/);
    expect(mail.text).toContain('Bob: 2 messages');
    expect(mail.text).toContain('Read your messages');
    expect(header(mail, 'list-unsubscribe')).toMatch(
      new RegExp(`^<${origin()}/api/unsubscribe\\.php\\?token=${reader.userId}-new_conversations-[\\w-]{43}>$`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`${origin()}/unsubscribe?token=${reader.userId}-new_conversations-`);
    expect(mail.text).toContain('No more e-mails about new conversations');
    expect(mail.html).toContain(`${origin()}/settings`);
    // Message texts stay on the site.
    expect(mail.text).not.toContain('Are you there?');
  });

  it('mails a conversation at most once an hour, and not when it was read meanwhile', async () => {
    const reader = await newMember('Dirk');
    advance(hourMs);
    await send(writer, reader);
    await runNotifications();
    expect(notificationMailsTo(reader.email)).toHaveLength(1);
    expect(notificationMailsTo(reader.email)[0]!.subject).toMatch(/^Nieuw bericht van /);

    advance(10 * minuteMs);
    await send(writer, reader);
    await runNotifications();
    expect(notificationMailsTo(reader.email)).toHaveLength(1);

    advance(51 * minuteMs);
    await send(writer, reader);
    await runNotifications();
    expect(notificationMailsTo(reader.email)).toHaveLength(2);

    // Read before the mail went: none.
    advance(2 * hourMs);
    await send(writer, reader);
    await t.app.services.notifications.deliverQueued();
    const [membership] = await t.database.db
      .select({ id: conversationMembers.conversationId })
      .from(conversationMembers)
      .where(eq(conversationMembers.profileId, reader.profileId));
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/chat-read.php',
      headers: { ...json, cookie: reader.cookie },
      payload: JSON.stringify({ conversation: membership!.id }),
    });
    expect(read.statusCode).toBe(200);
    await runNotifications();
    expect(notificationMailsTo(reader.email)).toHaveLength(2);
  });

  it('sends nothing while the member is looking at the site', async () => {
    const reader = await newMember('Eva');
    advance(hourMs);
    await send(writer, reader);
    await t.app.services.notifications.deliverQueued();
    // Came back before the mail's wait was over.
    await t.app.services.notifications.markLooking([reader.userId]);
    await runNotifications();
    expect(notificationMailsTo(reader.email)).toHaveLength(0);
  });

  it('respects the member’s choice per type, and tells of likes and matches at most once an hour', async () => {
    const reader = await newMember('Frank');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/account-settings.php',
      headers: { ...json, cookie: reader.cookie },
      payload: JSON.stringify({ notifications: { email: { new_conversations: false } } }),
    });
    expect(put.statusCode).toBe(200);
    advance(hourMs);
    await send(writer, reader);
    await runNotifications();
    expect(notificationMailsTo(reader.email)).toHaveLength(0);

    const like = (from: Member) =>
      t.app.inject({
        method: 'POST',
        url: '/api/like.php',
        headers: { ...json, cookie: from.cookie },
        payload: JSON.stringify({ profile: reader.profileId }),
      });
    expect((await like(second)).statusCode).toBe(200);
    await runNotifications();
    const [likeMail] = notificationMailsTo(reader.email);
    expect(likeMail?.subject).toMatch(/^Iemand vindt je leuk op /);
    expect(header(likeMail!, 'list-unsubscribe')).toContain(`token=${reader.userId}-like-`);
    // A like never names the liker.
    expect(likeMail!.text).not.toContain('Bob');

    advance(5 * minuteMs);
    expect((await like(writer)).statusCode).toBe(200);
    await runNotifications();
    expect(notificationMailsTo(reader.email)).toHaveLength(1);
  });

  it('one-click unsubscribe by POST stops every notification mail; transactional mail still goes', async () => {
    const reader = await newMember('Gert');
    advance(hourMs);
    await send(writer, reader);
    await runNotifications();
    const [mail] = notificationMailsTo(reader.email);
    const token = oneClickToken(mail!);

    // A tampered token changes nothing.
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe.php?token=${tampered}`,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('unsubscribe_link_invalid');
    const otherUser = token.replace(/^\d+/, String(writer.userId));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/unsubscribe.php?token=${otherUser}`,
          headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(400);
    expect(await disabledReasons(reader.userId)).toEqual([]);
    expect(await disabledReasons(writer.userId)).toEqual([]);

    // As a mail program posts it: no cookie, no client header; several at once (a retrying mail program) add the
    // reason once.
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe.php?token=${token}`,
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const answers = await Promise.all(Array.from({ length: 6 }, oneClick));
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 200));
    expect((await oneClick()).statusCode).toBe(200);
    expect(await disabledReasons(reader.userId)).toEqual(['listunsubscribe']);
    const view = await t.app.inject({ url: '/api/user.php', headers: { ...json, cookie: reader.cookie } });
    expect(view.json().user.notifications_disabled).toEqual(['listunsubscribe']);

    advance(2 * hourMs);
    await send(writer, reader);
    await runNotifications();
    expect(notificationMailsTo(reader.email)).toHaveLength(1);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      headers: json,
      payload: JSON.stringify({ email: reader.email }),
    });
    expect(reset.statusCode).toBe(200);
    await t.app.services.mail.sendQueuedMails();
    expect(mailLink(t.smtp.messages.at(-1), '/reset-password/do')).not.toBeNull();

    // Opening the header's address as a link changes nothing and leads to the page that asks.
    const opened = await t.app.inject({ url: `/api/unsubscribe.php?token=${token}`, headers: { host: 'localhost' } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
  });

  it('the unsubscribe page’s confirmation turns off only that type', async () => {
    const reader = await newMember('Hanna');
    advance(hourMs);
    await send(writer, reader);
    await runNotifications();
    const [mail] = notificationMailsTo(reader.email);
    const link = /\/unsubscribe\?token=([\w-]+)/.exec(mail!.text ?? '')![1]!;
    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    expect(await t.app.services.notificationMails.findUnsubscribeType(site, link)).toBe('new_conversations');
    await t.app.services.notificationMails.unsubscribeType(site, link);
    const settings = await t.app.inject({
      url: '/api/account-settings.php',
      headers: { ...json, cookie: reader.cookie },
    });
    expect(settings.json().settings.notifications.email).toEqual({
      new_conversations: false,
      new_messages: true,
      like: true,
      unread_message_reminders: true,
      promotions: false,
      weekly_updates: true,
      news: false,
      reminders: true,
    });
    expect(settings.json().settings.notifications.push.new_conversations).toBe(true);
    await expect(t.app.services.notificationMails.unsubscribeType(site, `${link}x`)).rejects.toMatchObject({
      code: 'unsubscribe_link_invalid',
    });
  });

  it('bounces and complaints from the mail provider stop the mails; a wrong secret changes nothing', async () => {
    const bounced = await newMember('Ilse');
    const complainer = await newMember('Jan');
    const post = (authorization: string, events: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/mail-events.php',
        headers: { host: 'localhost', 'content-type': 'application/json', authorization },
        payload: JSON.stringify({ events }),
      });
    const events = [
      { type: 'bounce', email: bounced.email.toUpperCase(), bounce_type: 'hard' },
      { type: 'bounce', email: complainer.email, bounce_type: 'soft' },
      { type: 'complaint', email: complainer.email },
    ];
    const wrong = await post('Bearer not-the-secret-at-all-0123456789', events);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('mail_events_unauthorized');
    expect((await post('', events)).statusCode).toBe(401);
    expect(await disabledReasons(bounced.userId)).toEqual([]);

    const applied = await post(`Bearer ${mailEventsSecret}`, events);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ ok: true, updated: 2 });
    expect(await disabledReasons(bounced.userId)).toEqual(['bounce']);
    expect(await disabledReasons(complainer.userId)).toEqual(['fbl']);
    // Idempotent.
    expect((await post(`Bearer ${mailEventsSecret}`, events)).json()).toEqual({ ok: true, updated: 0 });
    expect(await disabledReasons(complainer.userId)).toEqual(['fbl']);
    expect((await post(`Bearer ${mailEventsSecret}`, [])).statusCode).toBe(400);

    advance(hourMs);
    await send(writer, bounced);
    await send(writer, complainer);
    await runNotifications();
    expect(notificationMailsTo(bounced.email)).toHaveLength(0);
    expect(notificationMailsTo(complainer.email)).toHaveLength(0);

    // Switching mail back on clears the reasons and checks the address with a mail.
    const before = t.smtp.messages.length;
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/mail-enable.php',
      headers: { ...json, cookie: bounced.cookie },
      payload: '{}',
    });
    expect(enable.json()).toEqual({ ok: true, enabled: true });
    expect(await disabledReasons(bounced.userId)).toEqual([]);
    const view = await t.app.inject({ url: '/api/user.php', headers: { ...json, cookie: bounced.cookie } });
    expect(view.json().user.notifications_disabled).toEqual([]);
    await t.app.services.mail.sendQueuedMails();
    const check = t.smtp.messages.slice(before).find((mail) => JSON.stringify(mail.to).includes(bounced.email));
    expect(check?.subject).toMatch(/staan weer aan$/);
    expect(check?.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/mail-enable.php',
      headers: { ...json, cookie: bounced.cookie },
      payload: '{}',
    });
    expect(again.json()).toEqual({ ok: true, enabled: false });
    // A new bounce stops them again.
    await post(`Bearer ${mailEventsSecret}`, [{ type: 'bounce', email: bounced.email, bounce_type: 'hard' }]);
    expect(await disabledReasons(bounced.userId)).toEqual(['bounce']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/mail-enable.php', headers: json, payload: '{}' })).json().error,
    ).toBe('authentication_required');
  });

  it('reminds of messages unread for a day, once', async () => {
    const reader = await newMember('Kees');
    advance(hourMs);
    await send(writer, reader);
    // Looking when it arrived: no mail about it then.
    await t.app.services.notifications.markLooking([reader.userId]);
    await runNotifications();
    await t.app.services.notifications.markAway(reader.userId);
    const runReminders = async () => {
      await t.app.services.jobs.enqueue('notifications.unread-reminders', {});
      await t.app.services.jobs.runDue('notifications.unread-reminders');
      await t.app.services.mail.sendQueuedMails();
    };
    advance(23 * hourMs);
    await runReminders();
    expect(notificationMailsTo(reader.email)).toHaveLength(0);
    advance(2 * hourMs);
    await runReminders();
    const mails = notificationMailsTo(reader.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/wacht op je antwoord$/);
    expect(header(mails[0]!, 'list-unsubscribe')).toContain(`token=${reader.userId}-unread_message_reminders-`);
    advance(hourMs);
    await runReminders();
    expect(notificationMailsTo(reader.email)).toHaveLength(1);
  });

  it('sends the weekly update with new members nearby, and nothing when there are none', async () => {
    const runWeekly = async () => {
      await t.app.services.jobs.enqueue('notifications.weekly-updates', {});
      await t.app.services.jobs.runDue('notifications.weekly-updates');
      await t.app.services.mail.sendQueuedMails();
    };
    const reader = await newMember('Lotte');
    await newMember('Maarten');
    await runWeekly();
    const [mail] = notificationMailsTo(reader.email);
    expect(mail?.subject).toMatch(/^Nieuwe leden bij jou in de buurt/);
    expect(mail!.text).toContain('Maarten, ');
    expect(mail!.text).not.toMatch(/^- Lotte/m);
    expect(header(mail!, 'list-unsubscribe')).toContain(`token=${reader.userId}-weekly_updates-`);
    // Once a week: a second run sends nothing.
    await runWeekly();
    expect(notificationMailsTo(reader.email)).toHaveLength(1);
    // A week on, nobody new: nothing.
    advance(8 * dayMs);
    const quiet = t.smtp.messages.length;
    await t.database.db.update(profiles).set({
      createdAt: sql`least(${profiles.createdAt}, ${new Date(clock.getTime() - 8 * dayMs).toISOString()}::timestamptz)`,
    });
    await runWeekly();
    expect(
      t.smtp.messages.slice(quiet).filter((entry) => JSON.stringify(entry.to).includes(reader.email)),
    ).toHaveLength(0);
  });

  it('reminds a member to finish the profile once, a day after signup', async () => {
    const runDaily = async () => {
      await t.app.services.jobs.enqueue('notifications.profile-reminders', {});
      await t.app.services.jobs.runDue('notifications.profile-reminders');
      await t.app.services.mail.sendQueuedMails();
    };
    const member = await newMember('Noor');
    await runDaily();
    expect(notificationMailsTo(member.email)).toHaveLength(0);
    advance(25 * hourMs);
    await runDaily();
    const mails = notificationMailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Maak je profiel op .+ af$/);
    expect(mails[0]!.text).toContain(`${origin()}/profile`);
    advance(25 * hourMs);
    await runDaily();
    expect(notificationMailsTo(member.email)).toHaveLength(1);
  });

  it('withholds a notification mail still in the outbox when its address bounces before it goes', async () => {
    const reader = await newMember('Wessel');
    advance(hourMs);
    await send(writer, reader, 'Nog even en dan stuiter ik');
    await t.app.services.notifications.deliverQueued();
    await t.app.services.notificationMails.sendDueNotificationMails();
    const outboxOf = () =>
      t.database.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, reader.email), like(mailOutbox.kind, 'notification_%')));
    const [queued] = await outboxOf();
    expect(queued?.status).toBe('pending');

    const bounce = await t.app.inject({
      method: 'POST',
      url: '/api/mail-events.php',
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${mailEventsSecret}` },
      payload: JSON.stringify({ events: [{ type: 'bounce', email: reader.email, bounce_type: 'hard' }] }),
    });
    expect(bounce.json()).toEqual({ ok: true, updated: 1 });
    await t.app.services.mail.sendQueuedMails();
    expect(notificationMailsTo(reader.email)).toHaveLength(0);
    expect(await outboxOf()).toEqual([{ status: 'withheld' }]);
  });
});

describe(`mail events without a secret on ${testDatabaseKind()}`, () => {
  it('answers 404', async () => {
    const other = await createTestApp({ profiles: 0 });
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/mail-events.php',
        headers: { host: 'localhost', 'content-type': 'application/json', authorization: 'Bearer anything' },
        payload: JSON.stringify({ events: [{ type: 'complaint', email: 'a@example.com' }] }),
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
