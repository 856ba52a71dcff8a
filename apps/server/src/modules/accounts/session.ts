import { sessionCookieName, sessionMaxAgeSeconds } from '@app/shared/accounts/login';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService } from './accounts.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** Finds the logged-in user from the `auth.` session cookie, for every request of a site. */
export function registerSession(app: FastifyInstance, accounts: AccountsService) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.site) return;
    const token = request.cookies[sessionCookieName];
    request.user = token ? await accounts.findSessionUser(request.site, token) : null;
  });
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
