import { randomFillSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { giphyImageHosts } from '../modules/chat/gifs/giphy-gif-provider.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The page's CSP nonce; empty until a page asks for one with `pageNonce`. */
    cspNonce: string;
  }
}

/** Answers that are not pages (JSON, images, text) may load nothing and run nothing. */
const strictPolicy = "default-src 'none'; frame-ancestors 'none'";

/**
 * A fresh nonce for the page this request renders: React Router's inline scripts carry it, and the page's
 * policy allows only them. Made on first use, so API calls pay nothing.
 */
export function pageNonce(request: FastifyRequest): string {
  if (!request.cspNonce) request.cspNonce = takeNonce();
  return request.cspNonce;
}

const nonceBytes = 16;
// Random bytes for 256 nonces, drawn at once: a call into the random source for every page cost 0.7% of a page's CPU.
// Each nonce takes the next 16 bytes, and no byte serves twice. `Buffer.alloc`, not `allocUnsafe`: the stock must not
// be a slice of Node's shared pool, which other code writes. Nonces not yet used sit in memory, as any secret the
// process holds does.
const nonceStock = Buffer.alloc(nonceBytes * 256);
let nonceOffset = nonceStock.length;

function takeNonce(): string {
  if (nonceOffset === nonceStock.length) {
    randomFillSync(nonceStock);
    nonceOffset = 0;
  }
  const nonce = nonceStock.toString('base64', nonceOffset, nonceOffset + nonceBytes);
  nonceOffset += nonceBytes;
  return nonce;
}

/** The source of a `cdn_prefix` on another host (`//cdn.example/photos/`) for img-src; null for a path on the site. */
function cdnSource(cdnPrefix: string | undefined): string | null {
  if (!cdnPrefix || !/^(https?:)?\/\//.test(cdnPrefix)) return null;
  const url = URL.parse(cdnPrefix, 'https://site.invalid/');
  if (!url || !/^[a-z0-9.-]+(:\d{1,5})?$/.test(url.host)) return null;
  // Without a scheme of its own, a host source matches the page's scheme, as the prefix does.
  return cdnPrefix.startsWith('//') ? url.host : url.origin;
}

/** The policy of a server-rendered page. */
export function pagePolicy(options: {
  nonce: string;
  env: AppConfig['env'];
  cdnPrefix?: string;
  /** The request's Host, for Vite's hot-reload socket in development. */
  host?: string;
  /** GIPHY is configured: the chat shows GIFs from its media hosts. */
  giphy?: boolean;
}): string {
  const development = options.env === 'development';
  const nonce = options.nonce ? ` 'nonce-${options.nonce}'` : '';
  const cdn = cdnSource(options.cdnPrefix);
  const giphy = options.giphy ? giphyImageHosts.map((host) => ` https://${host}`).join('') : '';
  // Vite's client injects the CSS of changed modules as <style> elements and talks over a WebSocket.
  const devSocket =
    development && options.host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(options.host) ? ` ws://${options.host}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${nonce}`,
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    `img-src 'self' data: blob:${cdn ? ` ${cdn}` : ''}${giphy}`,
    "font-src 'self'",
    `connect-src 'self'${devSocket}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers on every answer: pages get a nonce-based Content-Security-Policy, everything else the strict one;
 * HSTS only on answers that came over HTTPS (a plain-HTTP answer cannot set it anyway, and local
 * development runs on plain HTTP).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { config: Pick<AppConfig, 'env' | 'giphy'> }) {
  app.decorateRequest('cspNonce', '');
  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply);
    done(null, payload);
  });

  function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    // A route that sets its own policy keeps it (the local mailbox shows mails' own styles in a sandbox).
    if (reply.hasHeader('content-security-policy')) return;
    if (type.startsWith('text/html')) {
      reply.header(
        'content-security-policy',
        pagePolicy({
          nonce: request.cspNonce,
          env: options.config.env,
          cdnPrefix: request.site?.settings.cdn_prefix,
          host: request.host,
          giphy: options.config.giphy !== undefined,
        }),
      );
    } else if (!type.includes('javascript')) {
      // Scripts are left alone: a policy on a script answer would bind a service worker it starts.
      reply.header('content-security-policy', strictPolicy);
    }
  }
}
