import {
  activationMailResponseSchema,
  createSignupInputSchema,
  mailLinkQuerySchema,
  signupResponseSchema,
} from '@app/shared/accounts/signup';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { AccountsService } from './accounts.service.ts';
import { requireUser, setSessionCookie } from './session.ts';
import type { SignupService } from './signup.service.ts';

export function registerSignupRoutes(
  app: FastifyInstance,
  deps: { signup: SignupService; accounts: AccountsService; now: () => Date },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/signup.php',
    config: { replayable: false },
    schema: {
      tags: ['accounts'],
      summary: 'Creates an account (unconfirmed until the mailed link is used), logs it in, answers the user.',
      body: createSignupInputSchema(deps.now),
      response: {
        200: signupResponseSchema,
        ...errorResponses(
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
        ),
      },
    },
    handler: async (request, reply) => {
      const { token } = await deps.signup.signup(request.site, request.body, {
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

  api.route({
    method: 'POST',
    url: '/api/activation-mail.php',
    schema: {
      tags: ['accounts'],
      summary: 'Sends the activation mail again to the logged-in, unconfirmed member.',
      response: {
        200: activationMailResponseSchema,
        ...errorResponses('authentication_required', 'already_activated', 'rate_limited'),
      },
    },
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
    api.route({
      method: 'GET',
      url,
      schema: {
        tags: ['accounts'],
        summary: `The link of the ${purpose} mail: uses it once and goes on to /activate/done or /activate/error.`,
        querystring: mailLinkQuerySchema,
        response: { 303: z.undefined().describe('On to /activate/done or /activate/error.') },
      },
      handler: async (request, reply) => {
        const ok = await deps.signup.activate(request.query.token, purpose);
        reply.header('cache-control', 'no-store');
        return reply.redirect(ok ? '/activate/done' : '/activate/error', 303);
      },
    });
  }
}
