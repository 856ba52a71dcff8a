import { hash, randomBytes } from 'node:crypto';
import { AppError } from '@app/shared/errors/app-error';
import type { Locale } from '@app/shared/i18n/locales';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Catalogs } from '../../i18n/catalogs.ts';
import type { MailService } from '../mail/mail.service.ts';
import { renderActionMail } from '../mail/mail-templates.ts';
import type { ProfilesRepository } from '../profiles/profiles.repository.ts';
import type { Site } from '../sites/sites.service.ts';
import type { RateLimitsRepository } from '../system/rate-limits.repository.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { EmailTokenPurpose, EmailTokensRepository } from './email-tokens.repository.ts';

/**
 * What the account services share: their repositories, built once on the unit of work's database (so they join its
 * transaction when there is one), the unit of work itself, the outbox, the catalogs and the clock. No raw database.
 */
export interface AccountServiceDeps {
  accounts: AccountsRepository;
  tokens: EmailTokensRepository;
  profiles: ProfilesRepository;
  rateLimits: RateLimitsRepository;
  /** Runs several repository calls, and the services they call, in one transaction. */
  transaction: UnitOfWork['transaction'];
  mail: MailService;
  catalogs: Catalogs;
  now: () => Date;
  /**
   * Drops the member's cached sessions on every process once the running transaction commits (ARCHITECTURE.md,
   * "Sessions"): after every change of what a session may do or shows that the member's own request does not cover.
   */
  revokeCachedSessions(userId: number): Promise<void>;
}

/** Only the hash of a link's token is stored, so a leaked table opens no account. */
export function hashLinkToken(token: string): string {
  return hash('sha256', token, 'hex');
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * How many mails of a kind one address may receive, counted atomically with the token (inside the caller's
 * transaction), so that neither parallel requests nor a loop of signups for a deleted account can flood a mailbox.
 */
const linkMailLimits: Record<LinkPurpose, { mails: number; windowMs: number; error: 'rate_limited' | 'reset_limit' }> =
  {
    activation: { mails: 5, windowMs: hourMs, error: 'rate_limited' },
    reactivation: { mails: 3, windowMs: dayMs, error: 'rate_limited' },
    password_reset: { mails: 3, windowMs: dayMs, error: 'reset_limit' },
    mail_change: { mails: 5, windowMs: dayMs, error: 'rate_limited' },
    // The notice of a confirmed change to the old address; requests are limited already, this only bounds a loop.
    mail_change_undo: { mails: 10, windowMs: dayMs, error: 'rate_limited' },
  };

type LinkPurpose = EmailTokenPurpose;

/**
 * Counts the mail against the address's limit, stores a fresh single-use token and queues the mail that carries its
 * link (`{url}?token=…`), in the member's language: in one transaction, which joins the caller's when there is one.
 */
export function queueLinkMail(
  deps: AccountServiceDeps,
  link: {
    site: Site;
    user: { id: number; email: string; language: string; name: string };
    purpose: LinkPurpose;
    lifetimeMs: number;
    url: string;
    /** For a mail change: the new address, which also receives the mail (for its undo: the old one). */
    newEmail?: string;
    /** More placeholders for the mail's texts besides `name`. */
    values?: Record<string, string>;
    /** Over the address's limit: refuse the request (default), or leave this mail out and go on. */
    overLimit?: 'refuse' | 'skip';
  },
) {
  return deps.transaction(async () => {
    const now = deps.now();
    const to = link.newEmail ?? link.user.email;
    const limit = linkMailLimits[link.purpose];
    const sent = await deps.rateLimits.hitRateLimit(
      `mail:${link.site.id}:${link.purpose}:${to}`,
      limit.mails,
      limit.windowMs,
      now,
    );
    if (sent.over) {
      // A mail sent as a side effect (the notice of a deletion or an address change) must not undo what caused it.
      if (link.overLimit === 'skip') return;
      throw new AppError(limit.error, `${link.purpose} mails to one address over the limit`);
    }
    const token = randomBytes(32).toString('base64url');
    await deps.tokens.insertEmailToken({
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
      values: { ...link.values, name: link.user.name },
      actionUrl: `${link.url}?token=${token}`,
      siteName: link.site.settings.name,
      supportEmail: link.site.settings.support_email,
    });
    await deps.mail.queueMail(link.site, link.purpose, to, content);
  });
}
