import { AppError } from '@app/shared/errors/app-error';
import { parseIdParam } from '@app/shared/input';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromLoopback } from '../../lib/client-address.ts';
import type { MailService } from './mail.service.ts';

/** Mails bring their own inline styles and may show remote images; they run nothing (sandbox, no scripts). */
const mailboxPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; sandbox allow-popups allow-top-navigation-by-user-activation; frame-ancestors 'none'";

const mailboxQuerySchema = z.object({ to: z.string().max(254).optional() });

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The local mailbox, only when no SMTP server is configured and only for requests from this machine: it holds
 * activation and reset links.
 */
export function registerMailboxRoutes(app: FastifyInstance, mail: MailService) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith('/dev/mailbox') && !fromLoopback(request)) {
      throw new AppError('not_found', 'mailbox asked from another machine');
    }
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/dev/mailbox.json', { schema: { hide: true, querystring: mailboxQuerySchema } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const to = request.query.to?.toLowerCase();
      const mails = await mail.listLocalMails(200);
      return { mails: mails.filter((item) => !to || item.toAddress.toLowerCase() === to) };
    });

  app.get('/dev/mailbox', async (request, reply) => {
    const t = request.t;
    const mails = await mail.listLocalMails(100);
    const rows = mails
      .map(
        (item) =>
          `<tr><td>${escapeHtml(item.receivedAt.toISOString())}</td><td>${escapeHtml(item.toAddress)}</td><td><a href="/dev/mailbox/${item.id}">${escapeHtml(item.subject)}</a></td></tr>`,
      )
      .join('');
    const body = mails.length
      ? `<table><thead><tr><th>${t('dev_mailbox.received')}</th><th>${t('dev_mailbox.to')}</th><th>${t('dev_mailbox.subject')}</th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p>${t('dev_mailbox.empty')}</p>`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', mailboxPolicy)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${request.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('dev_mailbox.title')}</title><style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;font-size:.9rem}</style></head><body><h1>${t('dev_mailbox.title')}</h1>${body}</body></html>`,
      );
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    const id = parseIdParam(request.params.id);
    const item = id === null ? null : await mail.findLocalMail(id);
    if (!item) throw new AppError('not_found', `no local mail ${request.params.id}`);
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', mailboxPolicy)
      .type('text/html; charset=utf-8')
      .send(item.html);
  });
}
