import { userResponseSchema } from '@app/shared/accounts/login';
import {
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '@app/shared/accounts/password-reset';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { AccountsService } from './accounts.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import { setSessionCookie } from './session.ts';

export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: { passwordReset: PasswordResetService; accounts: AccountsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/password-reset.php',
    schema: {
      tags: ['accounts'],
      summary: 'Mails a link to set a new password (valid 1 hour, single use, three a day).',
      body: passwordResetRequestSchema,
      response: {
        200: passwordResetRequestResponseSchema,
        ...errorResponses('invalid_email', 'email_not_found', 'reset_limit'),
      },
    },
    handler: async (request) => {
      await deps.passwordReset.requestPasswordReset(request.site, request.body.email, request.siteOrigin);
      return { sent: true as const };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/password-reset-do.php',
    config: { replayable: false },
    schema: {
      tags: ['accounts'],
      summary: 'Sets the new password with the mailed link; ends all sessions and logs in anew.',
      body: passwordResetSchema,
      response: {
        200: userResponseSchema,
        ...errorResponses('passwords_differ', 'password_too_weak', 'password_too_common', 'reset_link_invalid'),
      },
    },
    handler: async (request, reply) => {
      const { token } = await deps.passwordReset.resetPassword(request.site, request.body.token, request.body.password);
      const user = await deps.accounts.findSessionUser(request.site, token);
      if (!user) throw new AppError('internal_error', 'no session after reset');
      setSessionCookie(request, reply, token);
      return { user };
    },
  });
}
