import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Site } from '../sites/sites.service.ts';
import type { MailRepository, OutboxRow } from './mail.repository.ts';
import type { MailContent } from './mail-templates.ts';
import type { MailTransport } from './mail-transport.ts';

/** Attempts before a mail is given up (retries after about 30 s, 1, 2, 4 and 8 min). */
const maxAttempts = 6;

/** The sender of a site's mails: its mail name at no-reply@ its domain. */
function siteSender(site: Site) {
  return { name: site.settings.mail_name, address: `no-reply@${site.settings.domain}` };
}

export function createMailService(deps: {
  repository: MailRepository;
  transport: MailTransport;
  jobs: Jobs;
  transaction: UnitOfWork['transaction'];
  now: () => Date;
  log?: FastifyBaseLogger;
}) {
  const { repository, transport, jobs } = deps;
  const withholdChecks: ((mail: OutboxRow) => Promise<boolean>)[] = [];

  jobs.define<{ mailId: number }>('mail.send', {
    // One at a time, oldest first: a member's mails arrive in the order of what caused them (a change, then its undo).
    concurrency: 1,
    maxAttempts,
    backoffSeconds: 30,
    async handler({ mailId }, job) {
      const mail = await repository.findOutboxMail(mailId);
      // Sent already (a job run again after its mail was marked sent). A crash between sending and marking sends it
      // again: delivery is at least once.
      if (mail?.status !== 'pending') return;
      for (const check of withholdChecks) {
        if (await check(mail)) {
          await repository.markMailWithheld(mailId);
          return;
        }
      }
      try {
        await transport.send({
          from: `"${mail.fromName.replace(/"/g, '')}" <${mail.fromAddress}>`,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: mail.headers,
        });
      } catch (error) {
        deps.log?.warn({ err: error, mailId }, 'mail not sent');
        await repository.markMailFailed(mailId, String((error as Error).message ?? error), job.attempt >= maxAttempts);
        throw error;
      }
      await repository.markMailSent(mailId, deps.now());
    },
  });

  return {
    transportKind: transport.kind,

    /**
     * Puts a mail in the outbox (with extra `headers`, such as `List-Unsubscribe`) and queues its sending. Inside a unit of work both are part of its transaction: the
     * mail goes only if what causes it commits.
     */
    async queueMail(site: Site, kind: string, to: string, content: MailContent, headers?: Record<string, string>) {
      const sender = siteSender(site);
      await deps.transaction(async () => {
        const mailId = await repository.insertOutboxMail({
          siteId: site.id,
          kind,
          fromName: sender.name,
          fromAddress: sender.address,
          toAddress: to,
          ...content,
          ...(headers ? { headers } : {}),
        });
        await jobs.enqueue('mail.send', { mailId });
      });
    },

    /**
     * A rule that keeps a queued mail from going out after all (checked just before sending): for what may stop
     * between queueing and sending, such as a bounce. Set up at start.
     */
    withholdMailWhen(check: (mail: OutboxRow) => Promise<boolean>) {
      withholdChecks.push(check);
    },

    /** Sends every queued mail now (tests and scripts; the workers do it on their own). */
    sendQueuedMails: () => jobs.runDue('mail.send'),

    listLocalMails: (limit = 50) => repository.listLocalMails(limit),
    findLocalMail: (id: number) => repository.findLocalMail(id),
  };
}

export type MailService = ReturnType<typeof createMailService>;
