import {
  activationMailResponseSchema,
  createSignupInputSchema,
  signupResponseSchema,
} from '@app/shared/accounts/signup';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApiRoute } from '../../lib/api-route.ts';
import type { AccountsService } from './accounts.service.ts';
import { requireUser, setSessionCookie } from './session.ts';
import type { SignupService } from './signup.service.ts';

const tokenQuerySchema = z.object({ token: z.string().max(100).optional().default('') });

export function registerSignupRoutes(
  app: FastifyInstance,
  deps: { signup: SignupService; accounts: AccountsService; now: () => Date },
) {
  defineApiRoute(app, {
    method: 'POST',
    url: '/api/signup.php',
    replayable: false,
    tag: 'accounts',
    summary: 'Creates an account (unconfirmed until the mailed link is used), logs it in, answers the user.',
    body: createSignupInputSchema(deps.now),
    response: signupResponseSchema,
    errors: [
      'invalid_email',
      'name_required',
      'name_is_email',
      'name_starts_with_at',
      'date_of_birth_required',
      'date_of_birth_invalid',
      'password_too_weak',
      'password_too_common',
      'text_too_long',
      'signup_invite_only',
      'account_exists',
      'account_reactivation_sent',
      'account_unavailable',
      'rate_limited',
    ],
    handler: async (request, { body }, reply) => {
      const { token } = await deps.signup.signup(request.site, body, {
        ip: request.ip,
        locale: request.locale,
        origin: request.siteOrigin,
        country: request.visitorPlace.country ?? '',
      });
      const user = await deps.accounts.findSessionUser(request.site, token);
      if (!user) throw new AppError('internal_error', 'new account has no session');
      setSessionCookie(request, reply, token);
      return { user };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/activation-mail.php',
    tag: 'accounts',
    summary: 'Sends the activation mail again to the logged-in, unconfirmed member.',
    response: activationMailResponseSchema,
    errors: ['authentication_required', 'already_activated', 'rate_limited'],
    handler: async (request) => {
      const user = requireUser(request);
      await deps.signup.resendActivation(request.site, user.id, request.siteOrigin);
      return { sent: true as const };
    },
  });

  for (const [url, purpose] of [
    ['/api/activate.php', 'activation'],
    ['/api/reactivate.php', 'reactivation'],
  ] as const) {
    defineApiRoute(app, {
      method: 'GET',
      url,
      tag: 'accounts',
      summary: `The link of the ${purpose} mail: uses it once and goes on to /activate/done or /activate/error.`,
      query: tokenQuerySchema,
      response: z.never(),
      handler: async (_request, { query }, reply) => {
        const ok = await deps.signup.activate(query.token, purpose);
        reply.header('cache-control', 'no-store');
        return reply.redirect(ok ? '/activate/done' : '/activate/error', 303) as never;
      },
    });
  }
}
