import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { createEmailTokensRepository } from '../modules/accounts/email-tokens.repository.ts';
import { createMailRepository } from '../modules/mail/mail.repository.ts';
import { createProfilesRepository } from '../modules/profiles/profiles.repository.ts';
import { createRateLimitsRepository } from '../modules/system/rate-limits.repository.ts';
import { demoAccounts, demoPassword } from '../seed/demo-site.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../test/test-app.ts';
import { sessions, users } from './schema/accounts.ts';
import { mailOutbox } from './schema/mail.ts';
import { profiles } from './schema/profiles.ts';
import { rateLimits } from './schema/system.ts';
import { emailTokens } from './schema/tokens.ts';
import { createUnitOfWork } from './unit-of-work.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

/** Makes every write to the outbox fail in the database itself, as a full disk or a lost connection would. */
async function breakOutbox() {
  await t.database.db.execute(
    sql.raw(
      `create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox down'; end $$`,
    ),
  );
  await t.database.db.execute(
    sql.raw('create trigger refuse_outbox before insert on mail_outbox for each row execute function refuse_outbox()'),
  );
}

async function repairOutbox() {
  await t.database.db.execute(sql.raw('drop trigger refuse_outbox on mail_outbox'));
  await t.database.db.execute(sql.raw('drop function refuse_outbox()'));
}

async function rowCounts() {
  const db = t.database.db;
  const [[u], [p], [e], [m]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(profiles),
    db.select({ n: count() }).from(emailTokens),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { users: u!.n, profiles: p!.n, tokens: e!.n, outbox: m!.n };
}

describe(`the unit of work on ${testDatabaseKind()}`, () => {
  it("rolls back every repository's writes of a signup whose mail cannot be queued", async () => {
    const signup = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        headers,
        remoteAddress: '203.0.113.40',
        payload: JSON.stringify({
          email: 'mislukt@example.com',
          name: 'Mislukt',
          password: 'Zonnebloem-Kanaal-1987!',
          date_of_birth: '1990-01-01',
        }),
      });
    const before = await rowCounts();
    await breakOutbox();
    try {
      const failed = await signup();
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error).toBe('internal_error');
      // No profile (profiles), no login (accounts), no link (tokens), no mail (mail): all or nothing.
      expect(await rowCounts()).toEqual(before);
    } finally {
      await repairOutbox();
    }
    const done = await signup();
    expect(done.statusCode).toBe(200);
    expect(await rowCounts()).toEqual({
      users: before.users + 1,
      profiles: before.profiles + 1,
      tokens: before.tokens + 1,
      outbox: before.outbox + 1,
    });
  });

  it('keeps an account whose deletion notice cannot be queued: not deleted, not hidden, still logged in', async () => {
    const { cookie, user } = await loginMember(t.app, demoAccounts[0].email);
    const remove = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/delete-account.php',
        headers: { ...headers, cookie },
        payload: JSON.stringify({ reason: 'too_expensive', password: demoPassword }),
      });
    await breakOutbox();
    try {
      expect((await remove()).statusCode).toBe(500);
    } finally {
      await repairOutbox();
    }
    const still = (await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } })).json().user;
    expect(still).toMatchObject({ id: user.id, status: 'active', profile: { status: 'active' } });
    expect((await remove()).statusCode).toBe(200);
    const [profile] = await t.database.db
      .select({ status: profiles.status })
      .from(profiles)
      .where(eq(profiles.id, user.profile.id));
    expect(profile?.status).toBe('disabled');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  describe('repositories built on work.db', () => {
    const work = () => createUnitOfWork(t.database.db);
    const outboxRow = (to: string) => ({
      siteId: 1,
      kind: 'test',
      fromName: 'Test',
      fromAddress: 'no-reply@example.com',
      toAddress: to,
      subject: 'Test',
      html: '<p>Test</p>',
      text: 'Test',
    });

    it('write at once outside a transaction', async () => {
      const { db } = work();
      const profileId = await createProfilesRepository(db).insertProfile({
        siteId: 1,
        name: 'Buiten',
        birthDate: '1990-01-01',
        country: 'NL',
      });
      await createMailRepository(db).insertOutboxMail(outboxRow('buiten@example.com'));
      await createRateLimitsRepository(db).hitRateLimit('test:buiten', 5, 60_000, new Date());
      expect(await createProfilesRepository(t.database.db).findOwnProfile(profileId)).toMatchObject({ name: 'Buiten' });
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'buiten@example.com'));
      expect(mails).toHaveLength(1);
    });

    it('join one transaction, nested calls included, and roll back together when it throws', async () => {
      const unit = work();
      const accounts = createAccountsRepository(unit.db);
      const tokens = createEmailTokensRepository(unit.db);
      const profilesRepository = createProfilesRepository(unit.db);
      const mail = createMailRepository(unit.db);
      const limits = createRateLimitsRepository(unit.db);
      let userId = 0;
      const attempt = unit.transaction(async () => {
        const profileId = await profilesRepository.insertProfile({
          siteId: 1,
          name: 'Binnen',
          birthDate: '1990-01-01',
          country: 'NL',
        });
        const inserted = await accounts.insertUser({
          siteId: 1,
          profileId,
          email: 'binnen@example.com',
          passwordHash: '!',
          language: 'nl',
        });
        if (!inserted.created) throw new Error('expected a new account');
        userId = inserted.user.id;
        // Reads inside see the transaction's own writes.
        expect((await accounts.findUserById(userId))?.email).toBe('binnen@example.com');
        // A nested unit of work (another service's call) joins this one.
        await unit.transaction(async () => {
          await tokens.insertEmailToken({
            userId,
            purpose: 'activation',
            tokenHash: 'binnen-hash',
            expiresAt: new Date(Date.now() + 60_000),
          });
          await mail.insertOutboxMail(outboxRow('binnen@example.com'));
        });
        await limits.hitRateLimit('test:binnen', 5, 60_000, new Date());
        throw new Error('something later fails');
      });
      await expect(attempt).rejects.toThrow('something later fails');
      const db = t.database.db;
      expect(await db.select().from(users).where(eq(users.email, 'binnen@example.com'))).toEqual([]);
      expect(await db.select().from(profiles).where(eq(profiles.name, 'Binnen'))).toEqual([]);
      expect(await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, 'binnen-hash'))).toEqual([]);
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'binnen@example.com'))).toEqual([]);
      expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'test:binnen'))).toEqual([]);
      // The same repositories work outside again afterwards.
      expect(await accounts.findUserById(userId)).toBeNull();
    });

    it('run prepared queries on the transaction inside one, and on the database again after it', async () => {
      const unit = work();
      const profilesRepository = createProfilesRepository(unit.db);
      const profileId = await profilesRepository.insertProfile({
        siteId: 1,
        name: 'Voorbereid',
        birthDate: '1990-01-01',
        country: 'NL',
      });
      // Prepared on the database first, outside any transaction.
      expect((await profilesRepository.findSearchStartProfile(profileId))?.country).toBe('NL');
      const attempt = unit.transaction(async () => {
        await profilesRepository.updateProfile(profileId, { country: 'BE' });
        // Run on the database beside the transaction, this would read NL (PostgreSQL) or wait for ever (PGlite).
        expect((await profilesRepository.findSearchStartProfile(profileId))?.country).toBe('BE');
        throw new Error('roll back');
      });
      await expect(attempt).rejects.toThrow('roll back');
      expect((await profilesRepository.findSearchStartProfile(profileId))?.country).toBe('NL');
    });

    it('answer a duplicate e-mail as a result, and the transaction goes on to commit', async () => {
      const unit = work();
      const accounts = createAccountsRepository(unit.db);
      const profilesRepository = createProfilesRepository(unit.db);
      const answers = await unit.transaction(async () => {
        const first = await profilesRepository.insertProfile({
          siteId: 1,
          name: 'Eerste',
          birthDate: '1990-01-01',
          country: 'NL',
        });
        const second = await profilesRepository.insertProfile({
          siteId: 1,
          name: 'Tweede',
          birthDate: '1990-01-01',
          country: 'NL',
        });
        const values = { siteId: 1, email: 'dubbel@example.com', passwordHash: '!', language: 'nl' };
        const a = await accounts.insertUser({ ...values, profileId: first });
        const b = await accounts.insertUser({ ...values, profileId: second });
        return [a.created, b];
      });
      expect(answers).toEqual([true, { created: false, reason: 'email_taken' }]);
      expect(await t.database.db.select().from(users).where(eq(users.email, 'dubbel@example.com'))).toHaveLength(1);
      expect(await t.database.db.select().from(profiles).where(eq(profiles.name, 'Tweede'))).toHaveLength(1);
    });

    it('keep parallel units of work apart: one rolls back, the other commits', async () => {
      const unit = work();
      const mail = createMailRepository(unit.db);
      const results = await Promise.allSettled([
        unit.transaction(async () => {
          await mail.insertOutboxMail(outboxRow('parallel-a@example.com'));
        }),
        unit.transaction(async () => {
          await mail.insertOutboxMail(outboxRow('parallel-b@example.com'));
          throw new Error('b fails');
        }),
      ]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
      const rows = await t.database.db
        .select({ to: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(sql`${mailOutbox.toAddress} like 'parallel-%'`);
      expect(rows).toEqual([{ to: 'parallel-a@example.com' }]);
    });
    it('runs after-commit effects once the outermost transaction commits, never after a rollback', async () => {
      const unit = work();
      const mail = createMailRepository(unit.db);
      const seen: string[] = [];
      const committedRows = async () =>
        (
          await t.database.db
            .select({ to: mailOutbox.toAddress })
            .from(mailOutbox)
            .where(sql`${mailOutbox.toAddress} like 'effect-%'`)
        ).length;
      await unit.transaction(async () => {
        await mail.insertOutboxMail(outboxRow('effect-a@example.com'));
        await unit.transaction(async () => {
          await unit.afterCommit(async () => {
            seen.push(`inner sees ${await committedRows()} committed`);
          });
        });
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual(['inner sees 1 committed']);
      await expect(
        unit.transaction(async () => {
          await unit.afterCommit(() => void seen.push('rolled back'));
          throw new Error('fails');
        }),
      ).rejects.toThrow('fails');
      await unit.afterCommit(() => void seen.push('outside'));
      expect(seen).toEqual(['inner sees 1 committed', 'outside']);
    });

    it('runs before-commit steps inside the transaction once per key, and rolls it back when one throws', async () => {
      const unit = work();
      const mail = createMailRepository(unit.db);
      const count = async (pattern: string) =>
        (
          await t.database.db
            .select({ to: mailOutbox.toAddress })
            .from(mailOutbox)
            .where(sql`${mailOutbox.toAddress} like ${pattern}`)
        ).length;
      const gathered: string[] = [];
      const key = Symbol('gathered');
      const flush = async () => {
        for (const address of gathered.splice(0)) await mail.insertOutboxMail(outboxRow(address));
      };
      await unit.transaction(async () => {
        for (const address of ['before-a@example.com', 'before-b@example.com']) {
          gathered.push(address);
          await unit.beforeCommit(key, flush);
        }
        // A step may register another: it runs too, before the commit.
        await unit.beforeCommit(Symbol('first'), () =>
          unit.beforeCommit(
            Symbol('second'),
            async () => void (await mail.insertOutboxMail(outboxRow('before-c@example.com'))),
          ),
        );
        expect(gathered).toHaveLength(2);
      });
      expect(gathered).toEqual([]);
      expect(await count('before-%')).toBe(3);
      await expect(
        unit.transaction(async () => {
          await mail.insertOutboxMail(outboxRow('undone-a@example.com'));
          await unit.beforeCommit(key, async () => {
            throw new Error('step fails');
          });
        }),
      ).rejects.toThrow('step fails');
      expect(await count('undone-%')).toBe(0);
      await unit.beforeCommit(
        key,
        async () => void (await mail.insertOutboxMail(outboxRow('before-outside@example.com'))),
      );
      expect(await count('before-outside%')).toBe(1);
    });
  });
});
