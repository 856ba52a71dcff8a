import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromLoopback } from '../../lib/client-address.ts';
import type { SmsRepository } from './sms.repository.ts';

/** The page shows text only: no scripts, no styles from elsewhere, no frames. */
const smsboxPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** `?to=+316…` as typed: an unencoded + arrives as a space, and every stored number starts with +. */
const smsboxQuerySchema = z.object({
  to: z
    .string()
    .max(32)
    .transform((value) => `+${value.trim().replace(/^\+/, '')}`)
    .optional(),
});

/** The code an SMS carries, to show it apart: its first run of exactly six digits. */
function findCode(text: string): string | null {
  return /(?<![0-9])[0-9]{6}(?![0-9])/.exec(text)?.[0] ?? null;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The local SMS box, only while SMS go to it and only for requests from this machine (the mailbox's rule): it holds
 * the codes that confirm members' numbers. Newest first.
 */
export function registerSmsboxRoutes(app: FastifyInstance, repository: SmsRepository) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith('/dev/smsbox') && !fromLoopback(request)) {
      throw new AppError('not_found', 'SMS box asked from another machine');
    }
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/dev/smsbox.json', { schema: { hide: true, querystring: smsboxQuerySchema } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await repository.listLocalSms(200, request.query.to);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          site_id: row.siteId,
          to: row.toNumber,
          code: findCode(row.text),
          text: row.text,
          received_at: row.receivedAt.toISOString(),
        })),
      };
    });

  app.get('/dev/smsbox', async (request, reply) => {
    const t = request.t;
    const rows = await repository.listLocalSms(100);
    const body = rows.length
      ? `<table><thead><tr><th>${t('dev_smsbox.received')}</th><th>${t('dev_smsbox.to')}</th><th>${t('dev_smsbox.code')}</th><th>${t('dev_smsbox.text')}</th></tr></thead><tbody>${rows
          .map(
            (row) =>
              `<tr><td>${escapeHtml(row.receivedAt.toISOString())}</td><td>${escapeHtml(row.toNumber)}</td><td class="code">${escapeHtml(findCode(row.text) ?? '')}</td><td>${escapeHtml(row.text)}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : `<p>${t('dev_smsbox.empty')}</p>`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', smsboxPolicy)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${request.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('dev_smsbox.title')}</title><style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;font-size:.9rem}.code{font:700 1.4rem/1 ui-monospace,monospace;letter-spacing:.15em;white-space:nowrap}</style></head><body><h1>${t('dev_smsbox.title')}</h1>${body}</body></html>`,
      );
  });
}
