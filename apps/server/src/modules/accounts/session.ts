import { sessionCookieName, sessionMaxAgeSeconds } from '@app/shared/accounts/login';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeMethods } from '../../lib/route-hooks.ts';
import { runHook, runSendHook } from '../../lib/run-hook.ts';
import type { AccountsService } from './accounts.service.ts';
import type { SessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * True for state-changing calls that change nothing the member's session view shows (sending a message: the
     * balance it spends reaches the view through the ledger): the cached view stays.
     */
    keepsMemberView?: boolean;
  }
}

/**
 * Finds the logged-in user from the `auth.` session cookie, for every request of a site (from the session cache in
 * the common case). Whatever a member changes by a request of their own, their cached view is dropped before the
 * answer leaves, on every process, so that the next request shows it.
 */
export function registerSession(app: FastifyInstance, accounts: AccountsService, sessions: SessionCache) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', (request, _reply, done) =>
    runHook(done, () => {
      if (!request.site) return;
      const token = request.cookies[sessionCookieName];
      const cached = accounts.findCachedSessionUser(request.site, token);
      if (cached !== undefined) {
        request.user = cached;
        return;
      }
      return accounts.findSessionUser(request.site, token).then((user) => {
        request.user = user;
      });
    }),
  );
  app.addHook('onSend', (request, _reply, payload, done) => {
    const user = request.user;
    if (!user || safeMethods.has(request.method) || request.routeOptions.config.keepsMemberView) {
      return done(null, payload);
    }
    runSendHook(done, payload, () => sessions.refreshUser(user.id));
  });
  app.addHook('onClose', () => sessions.close());
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('authentication_required', `${request.method} ${request.url} needs a login`);
  return request.user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: sessionMaxAgeSeconds,
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}
