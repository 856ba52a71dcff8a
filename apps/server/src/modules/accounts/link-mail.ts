import { createHash, randomBytes } from 'node:crypto';
import type { Locale } from '@app/shared/i18n/locales';
import type { Database, Transact } from '../../db/client.ts';
import type { emailTokens } from '../../db/schema/tokens.ts';
import type { Catalogs } from '../../i18n/catalogs.ts';
import { createMailRepository } from '../mail/mail.repository.ts';
import type { MailService } from '../mail/mail.service.ts';
import { renderActionMail } from '../mail/mail-templates.ts';
import type { Site } from '../sites/sites.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';

/** What the services that mail single-use links to members share. */
export interface MailingDeps {
  db: Database;
  transact: Transact;
  mail: MailService;
  catalogs: Catalogs;
  now: () => Date;
}

/** Only the hash of a link's token is stored, so a leaked table opens no account. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a fresh single-use token and queues the mail that carries its link (`{url}?token=…`), in the member's
 * language, both on `db` so that a caller's transaction covers them.
 */
export async function queueLinkMail(
  deps: MailingDeps,
  db: Database,
  link: {
    site: Site;
    user: { id: number; email: string; language: string; name: string };
    purpose: (typeof emailTokens.$inferInsert)['purpose'];
    lifetimeMs: number;
    url: string;
    /** For a mail change: the new address, which also receives the mail. */
    newEmail?: string;
  },
) {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await createAccountsRepository(db).insertEmailToken({
    userId: link.user.id,
    purpose: link.purpose,
    tokenHash: hashLinkToken(token),
    newEmail: link.newEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + link.lifetimeMs),
  });
  const content = renderActionMail({
    t: deps.catalogs.translator(link.user.language as Locale),
    kind: link.purpose,
    values: { name: link.user.name },
    actionUrl: `${link.url}?token=${token}`,
    siteName: link.site.settings.name,
    supportEmail: link.site.settings.support_email,
  });
  const to = link.newEmail ?? link.user.email;
  await deps.mail.queueMail(link.site, link.purpose, to, content, createMailRepository(db));
}
