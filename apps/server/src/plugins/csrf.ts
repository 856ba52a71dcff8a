import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appendRouteHook, safeMethods, takesStateChangingMethod } from '../lib/route-hooks.ts';
import { runHook } from '../lib/run-hook.ts';

/**
 * Whether the browser says the request came from another origin. `Origin` decides when it is there (browsers send it
 * on every POST, PUT and DELETE), so a same-site subdomain or a redirect within the site is judged by its host;
 * without it, `Sec-Fetch-Site` must say same-origin (or none: typed by the user).
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      return new URL(origin).host !== request.host;
    } catch {
      return true; // `Origin: null` (sandboxed frames, some redirects) or garbage
    }
  }
  const fetchSite = request.headers['sec-fetch-site'];
  return typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none';
}

/**
 * Cross-site request forgery, decided on the route Fastify matched (not the raw URL, which `/%61pi/…` or an
 * absolute-form target would dodge):
 * - every state-changing API call needs `X-Request-Type: client`, a header another site cannot send without a
 *   CORS preflight we never grant (GET /api/logout.php checks it itself);
 * - any state-changing request, page form posts included, is refused when the browser says it came from another
 *   origin.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by another server, never a browser (a payment webhook): carries no session and is not trusted. */
    serverToServer?: boolean;
  }
}

export function registerCsrfGuard(app: FastifyInstance) {
  // On the routes that take a state-changing method, decided as each is registered: none of a GET's time.
  app.addHook('onRoute', (route) => {
    // A payment provider's webhook: no browser, no cookie, and nothing in it is believed (it carries an id only).
    if (route.config?.serverToServer || !takesStateChangingMethod(route)) return;
    const isApiCall = route.url.startsWith('/api/');
    // Route hooks run after the app's: a refusal names the site's language, like every other error.
    route.onRequest = appendRouteHook(route.onRequest, (request, _reply, done) => {
      if (safeMethods.has(request.method)) return done();
      runHook(done, () => {
        if (isApiCall && request.headers['x-request-type'] !== 'client') {
          throw new AppError('client_header_required', `${request.method} ${route.url} without X-Request-Type`);
        }
        if (isCrossSite(request)) {
          throw new AppError('cross_site_request', `${request.method} ${route.url} from another site`);
        }
      });
    });
  });
}
