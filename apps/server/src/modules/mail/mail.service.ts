import type { FastifyBaseLogger } from 'fastify';
import type { Site } from '../sites/sites.service.ts';
import type { MailRepository } from './mail.repository.ts';
import type { MailContent } from './mail-templates.ts';
import type { MailTransport } from './mail-transport.ts';

const maxAttempts = 6;

/** The sender of a site's mails: its mail name at no-reply@ its domain. */
export function siteSender(site: Site) {
  return { name: site.settings.mail_name, address: `no-reply@${site.settings.domain}` };
}

export function createMailService(deps: {
  repository: MailRepository;
  transport: MailTransport;
  now: () => Date;
  log?: FastifyBaseLogger;
}) {
  const { repository, transport } = deps;

  /** Sends what is due; a failed mail is tried again later (30 s, 1, 2, 4, 8 min), then marked failed. */
  async function sendDueMails(limit = 20): Promise<number> {
    const due = await repository.claimDueMails(deps.now(), limit);
    for (const mail of due) {
      try {
        await transport.send({
          from: `"${mail.fromName.replace(/"/g, '')}" <${mail.fromAddress}>`,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
        await repository.markMailSent(mail.id, deps.now());
      } catch (error) {
        const retryAt =
          mail.attempts >= maxAttempts ? null : new Date(deps.now().getTime() + 30_000 * 2 ** (mail.attempts - 1));
        deps.log?.warn({ err: error, mailId: mail.id }, 'mail not sent');
        await repository.markMailFailed(mail.id, String((error as Error).message ?? error), retryAt);
      }
    }
    return due.length;
  }

  return {
    transportKind: transport.kind,

    /** Puts a mail in the outbox; the worker sends it within a second or two. */
    async queueMail(site: Site, kind: string, to: string, content: MailContent, queue = repository) {
      const sender = siteSender(site);
      await queue.insertOutboxMail({
        siteId: site.id,
        kind,
        fromName: sender.name,
        fromAddress: sender.address,
        toAddress: to,
        ...content,
        nextAttemptAt: deps.now(),
      });
    },

    sendDueMails,

    /** Polls the outbox; answers a function that stops it. */
    startWorker(intervalMs = 1000): () => Promise<void> {
      let running: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        running = running.then(() => sendDueMails()).catch((error) => deps.log?.error({ err: error }, 'outbox'));
      }, intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },

    listLocalMails: (limit = 50) => repository.listLocalMails(limit),
    findLocalMail: (id: number) => repository.findLocalMail(id),
  };
}

export type MailService = ReturnType<typeof createMailService>;
