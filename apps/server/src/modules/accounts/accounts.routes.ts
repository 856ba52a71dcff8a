import {
  languageInputSchema,
  loginInputSchema,
  logoutResponseSchema,
  sessionCookieName,
  userResponseSchema,
} from '@app/shared/accounts/login';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import { signupStepSchema } from '@app/shared/profiles/profile-update';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { AccountsService } from './accounts.service.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from './session.ts';

/**
 * `GET /api/user.php` answers, checked against the schema and serialized once per member view: the session cache
 * hands out the same view object until it is read again or revoked, and nothing changes a view in place.
 */
const userAnswers = new WeakMap<SessionUser, string>();

function serializeUserAnswer(user: SessionUser): string {
  let answer = userAnswers.get(user);
  if (answer === undefined) {
    answer = JSON.stringify(userResponseSchema.encode({ user }));
    userAnswers.set(user, answer);
  }
  return answer;
}

/** The user calls of spec section 7: log in, who am I, language, log out. */
export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/user.php',
    config: { replayable: false },
    schema: {
      tags: ['accounts'],
      summary: 'Logs in with e-mail and password; sets the session cookie and answers the user.',
      body: loginInputSchema,
      response: {
        200: userResponseSchema,
        ...errorResponses('invalid_email', 'login_failed', 'login_blocked', 'client_header_required'),
      },
    },
    handler: async (request, reply) => {
      const { token, user } = await accounts.login(request.site, request.body, request.ip);
      setSessionCookie(request, reply, token);
      reply.header('cache-control', 'no-store');
      return { user };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/user.php',
    schema: {
      tags: ['accounts'],
      summary: 'The logged-in user (spec section 3).',
      response: { 200: userResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      // A text with a JSON content type is sent as it is; the schema was applied when it was made. Node joins a text
      // body to the head itself (decision 037).
      return reply.send(serializeUserAnswer(requireUser(request)) as never);
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/user.php',
    schema: {
      tags: ['accounts'],
      summary: "Stores the user's interface language.",
      body: languageInputSchema,
      response: {
        200: userResponseSchema,
        ...errorResponses('validation_failed', 'authentication_required', 'client_header_required'),
      },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const token = request.cookies[sessionCookieName]!;
      return { user: await accounts.updateLanguage(request.site, token, user.id, request.body.language) };
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/signup-step.php',
    schema: {
      tags: ['accounts'],
      summary: 'Records progress through /complete-signup and the push opt-in choice.',
      body: signupStepSchema,
      response: { 200: userResponseSchema, ...errorResponses('validation_failed', 'authentication_required') },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const token = request.cookies[sessionCookieName]!;
      const { step, push_choice } = request.body;
      return { user: await accounts.updateSignupStep(request.site, token, user.id, step, push_choice) };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/logout.php',
    schema: {
      tags: ['accounts'],
      summary:
        'Ends the session. Needs `X-Request-Type: client` like every call that changes state, so that a link on ' +
        'another site cannot log a member out; a plain browser navigation is sent to the page /logout, which asks.',
      response: {
        200: logoutResponseSchema,
        303: z.undefined().describe('A browser navigation without the header: on to /logout.'),
        ...errorResponses('client_header_required'),
      },
    },
    handler: async (request, reply) => {
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
