import { AppError } from '@app/shared/errors/app-error';
import { readMessageFileParts } from '@app/shared/i18n/message-namespaces';
import type { FastifyInstance } from 'fastify';
import type { Catalogs } from '../i18n/catalogs.ts';

/**
 * `GET /locales/<version>/<locale>/<namespace>+<namespace>.json`: the messages a page's routes declare, for the
 * browser. The address names the catalog's version, so a current one is cached for good; an address of another
 * version (a page from a process that runs another deploy) gets today's messages, but only briefly cached, so
 * that no browser keeps them under a version they do not belong to.
 */
export function registerMessageFiles(app: FastifyInstance, catalogs: Catalogs) {
  app.get<{ Params: { version: string; locale: string; file: string } }>(
    '/locales/:version/:locale/:file',
    async (request, reply) => {
      const { version, locale, file } = request.params;
      const parts = readMessageFileParts(version, locale, file);
      if (!parts) throw new AppError('not_found', `no message file ${request.url}`);
      const current = catalogs.browserVersion(parts.locale) === parts.version;
      return reply
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
        .type('application/json; charset=utf-8')
        .send(catalogs.browserMessages(parts.locale, parts.namespaces));
    },
  );
}
