import {
  languageInputSchema,
  loginInputSchema,
  logoutResponseSchema,
  sessionCookieName,
  userResponseSchema,
} from '@app/shared/accounts/login';
import { AppError } from '@app/shared/errors/app-error';
import { signupStepSchema } from '@app/shared/profiles/profile-update';
import type { FastifyInstance } from 'fastify';
import { defineApiRoute } from '../../lib/api-route.ts';
import type { AccountsService } from './accounts.service.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from './session.ts';

/** The user calls of spec section 7: log in, who am I, language, log out. */
export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService) {
  defineApiRoute(app, {
    method: 'POST',
    url: '/api/user.php',
    replayable: false,
    tag: 'accounts',
    summary: 'Logs in with e-mail and password; sets the session cookie and answers the user.',
    body: loginInputSchema,
    response: userResponseSchema,
    errors: ['invalid_email', 'login_failed', 'login_blocked', 'client_header_required'],
    handler: async (request, { body }, reply) => {
      const { token, user } = await accounts.login(request.site, body, request.ip);
      setSessionCookie(request, reply, token);
      reply.header('cache-control', 'no-store');
      return { user };
    },
  });

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/user.php',
    tag: 'accounts',
    summary: 'The logged-in user (spec section 3).',
    response: userResponseSchema,
    errors: ['authentication_required'],
    handler: async (request, _input, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: requireUser(request) };
    },
  });

  defineApiRoute(app, {
    method: 'PUT',
    url: '/api/user.php',
    tag: 'accounts',
    summary: "Stores the user's interface language.",
    body: languageInputSchema,
    response: userResponseSchema,
    errors: ['validation_failed', 'authentication_required', 'client_header_required'],
    handler: async (request, { body }) => {
      const user = requireUser(request);
      const token = request.cookies[sessionCookieName]!;
      return { user: await accounts.updateLanguage(request.site, token, user.id, body.language) };
    },
  });

  defineApiRoute(app, {
    method: 'PUT',
    url: '/api/signup-step.php',
    tag: 'accounts',
    summary: 'Records progress through /complete-signup and the push opt-in choice.',
    body: signupStepSchema,
    response: userResponseSchema,
    errors: ['validation_failed', 'authentication_required'],
    handler: async (request, { body }) => {
      const user = requireUser(request);
      const token = request.cookies[sessionCookieName]!;
      return { user: await accounts.updateSignupStep(request.site, token, user.id, body.step, body.push_choice) };
    },
  });

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/logout.php',
    tag: 'accounts',
    summary:
      'Ends the session. Needs `X-Request-Type: client` like every call that changes state, so that a link on another ' +
      'site cannot log a member out; a plain browser navigation is sent to the page /logout, which asks.',
    response: logoutResponseSchema,
    errors: ['client_header_required'],
    handler: async (request, _input, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.headers['x-request-type'] !== 'client') {
        if (request.headers.accept?.includes('text/html')) return reply.redirect('/logout', 303);
        throw new AppError('client_header_required', 'logout without X-Request-Type');
      }
      await accounts.logout(request.cookies[sessionCookieName]);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  });
}
