import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '@app/shared/errors/app-error';
import { maxPhotoBytes } from '@app/shared/profiles/photo-limits';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebRequestContext } from '../../../web/server/app.ts';
import type { AppConfig } from '../config.ts';
import type { Catalogs } from '../i18n/catalogs.ts';
import { bindPageServices } from '../lib/define-module.ts';
import { joinTextParts } from './compression.ts';
import { pageNonce } from './security-headers.ts';
import { createVisitorPages, isShareablePage, type KeptPage, visitorPageKey } from './visitor-pages.ts';

type WebHandler = (request: Request, context: WebRequestContext) => Promise<Response>;

const webRoot = join(import.meta.dirname, '../../../web');

async function loadProductionHandler(app: FastifyInstance): Promise<WebHandler> {
  const serverEntry = join(webRoot, 'build/server/index.js');
  if (!existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}: run "npm run build" first.`);
  await app.register(fastifyStatic, {
    root: join(webRoot, 'build/client'),
    wildcard: false,
    cacheControl: false,
    // The build wrote `.br` and `.gz` beside each asset (apps/web/build-support/precompress-assets.ts).
    preCompressed: true,
    // Hashed file names never change: cache them for good; anything else briefly.
    setHeaders: (reply, path) => {
      const immutable = path.includes('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  const { createWebHandler } = (await import(pathToFileURL(serverEntry).href)) as {
    createWebHandler(mode: string): WebHandler;
  };
  return createWebHandler('production');
}

async function loadDevelopmentHandler(app: FastifyInstance): Promise<WebHandler> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  return async (request, context) => {
    const entry = (await vite.ssrLoadModule('./server/app.ts')) as { createWebHandler(mode: string): WebHandler };
    return entry.createWebHandler('development')(request, context);
  };
}

/** What a page's loaders and actions get: the request's site, visitor and member, and every module's page services. */
async function createPageContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  catalogs: Catalogs,
) {
  const services = bindPageServices(app, request, reply);
  const context: WebRequestContext = {
    siteId: request.site.id,
    cspNonce: pageNonce(request),
    siteOrigin: request.siteOrigin,
    logError: (error) => request.log.error({ err: error }, 'page error'),
    locale: request.locale,
    messages: catalogs.messages(request.locale),
    translate: catalogs.translator(request.locale),
    messagesVersion: catalogs.browserVersion(request.locale),
    user: request.user,
    ...(await services.sites.findSiteVisit()),
    services,
    rendered: { noScript: false },
  };
  return context;
}

/** A page form's body: text fields only, except the photo forms' file (own photos, a photo in a chat). */
const formBodyLimit = 64 * 1024;
const photoFormPaths = /^\/(?:profile\/photos|chats\/\d+|members\/\d+\/chat)$/;

/**
 * React Router reads a page's body itself, after Fastify's `bodyLimit` would have applied, so the limit is checked
 * here from `Content-Length` (which browsers send with every form post; Node's parser never delivers more than
 * it says). A body without one (chunked) is refused: nothing could bound it before it is read.
 */
function checkPageBodySize(request: FastifyRequest) {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const declared = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (declared === undefined && !chunked) return;
  // Once hydrated, React Router posts to the same path with `.data` appended.
  const path = request.url.split('?')[0]!.replace(/\.data$/, '');
  const limit = photoFormPaths.test(path) ? maxPhotoBytes + formBodyLimit : formBodyLimit;
  if (declared === undefined || Number(declared) > limit) {
    throw new AppError('payload_too_large', `page body of ${declared ?? 'unknown'} bytes to ${request.url}`, {
      field: 'body',
    });
  }
}

/**
 * A page address with its repeated slashes (or backslashes, which URLs read as slashes) made single, or null when it
 * has none or is not a path (an absolute-form target, `http://host/x`, is never rewritten into a redirect off the
 * site); only the path changes. The browser's router reads `/members//` as `/members`, the server's (decision 034) as
 * no page: such an address goes to its single-slash form before the server matches it.
 */
export function findSingleSlashUrl(url: string): string | null {
  if (!url.startsWith('/')) return null;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const single = path.replace(repeatedSlashes, '/');
  return single === path ? null : single + (queryAt === -1 ? '' : url.slice(queryAt));
}

const repeatedSlashes = /[/\\]{2,}/g;

/** A page kept for visitors (plugins/visitor-pages.ts), sent as it was rendered; its compressed forms are reused. */
function sendKeptPage(reply: FastifyReply, page: KeptPage) {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.keptCompressions = page;
  return reply.send(page.body);
}

/** Server-renders every page through React Router; in production also serves the built assets. */
export async function registerWeb(app: FastifyInstance, deps: { config: AppConfig; catalogs: Catalogs }) {
  const handle =
    deps.config.env === 'production' ? await loadProductionHandler(app) : await loadDevelopmentHandler(app);
  const visitorPages = createVisitorPages({ seconds: deps.config.visitorPageCacheSeconds });

  await app.register(async (scope) => {
    // React Router reads form bodies itself: leave the body stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all('/*', async (request, reply) => {
      const singleSlashUrl = findSingleSlashUrl(request.url);
      // Neither API calls, nor paths answered without a site (a missing /assets/ file), nor request targets that are
      // no path (`GET http://host/x`, which Node accepts) are pages.
      const path = singleSlashUrl ?? request.url;
      if (!path.startsWith('/') || path.startsWith('/api/') || !request.site) {
        throw new AppError('not_found', `no route ${request.url}`);
      }
      checkPageBodySize(request);
      if (singleSlashUrl !== null) {
        return reply.redirect(singleSlashUrl, request.method === 'GET' || request.method === 'HEAD' ? 301 : 308);
      }
      const context = await createPageContext(app, request, reply, deps.catalogs);
      const visitorKey = visitorPages.enabled ? visitorPageKey(request, context) : null;
      const kept = visitorKey === null ? undefined : visitorPages.findPage(visitorKey);
      if (kept) return sendKeptPage(reply, kept);
      const response = await handle(createRequest(request.raw, reply.raw), context);
      reply.status(response.status);
      // A member's pages carry their own data (e-mail address, settings): no shared or stored copies.
      if (request.user) reply.header('cache-control', 'private, no-store');
      const headers: [string, string][] = [];
      for (const [name, value] of response.headers) {
        if (name === 'set-cookie') continue;
        headers.push([name, value]);
        reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      // A rendered page comes in the page context with the Response it belongs to (entry.server.tsx); every other
      // answer (data requests, resource routes, redirects, React Router's own errors, a Response that middleware put
      // in the page's place) carries its own body. Both are whole and small, and compressed in one call.
      const handed = context.rendered.document;
      const parts = handed?.response === response ? handed.parts : undefined;
      if (parts === undefined && !response.body) return reply.send();
      const joined = parts === undefined ? undefined : joinTextParts(parts);
      const html = joined?.text;
      // A page goes on as text: compression encodes it into a buffer it reuses (plugins/compression.ts).
      const body = html ?? Buffer.from(await response.arrayBuffer());
      const shareable =
        visitorKey !== null &&
        isShareablePage({
          noScript: context.rendered.noScript,
          status: response.status,
          setsCookies: cookies.length > 0,
          body,
          nonce: request.cspNonce,
        });
      if (shareable) {
        const kept = typeof body === 'string' ? Buffer.from(body) : body;
        reply.keptCompressions = visitorPages.keepPage(visitorKey, { headers, body: kept });
        return reply.send(kept);
      }
      // Compression writes a page from its parts; without it nothing would take them off the reply.
      if (joined !== undefined && deps.config.compressResponses) reply.textParts = joined;
      return reply.send(body);
    });
  });
}
