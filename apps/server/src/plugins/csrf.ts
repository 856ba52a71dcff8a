import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the browser says the request came from another site: `Sec-Fetch-Site`, else `Origin` against Host. */
function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // `Origin: null` (sandboxed frames, some redirects) or garbage
  }
}

/**
 * Cross-site request forgery, decided on the route Fastify matched (not the raw URL, which `/%61pi/…` or an
 * absolute-form target would dodge):
 * - every state-changing API call needs `X-Request-Type: client`, a header another site cannot send without a
 *   CORS preflight we never grant (GET /api/logout.php checks it itself);
 * - any state-changing request, page form posts included, is refused when the browser says it is cross-site.
 */
export function registerCsrfGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const safe = safeMethods.has(request.method);
    const route = request.routeOptions;
    if (!safe && route.url?.startsWith('/api/')) {
      if (request.headers['x-request-type'] !== 'client') {
        throw new AppError('client_header_required', `${request.method} ${route.url} without X-Request-Type`);
      }
    }
    if (!safe && isCrossSite(request)) {
      throw new AppError('cross_site_request', `${request.method} ${route.url ?? 'unrouted'} from another site`);
    }
  });
}
