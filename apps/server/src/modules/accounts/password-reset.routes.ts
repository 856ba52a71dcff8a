import { userResponseSchema } from '@app/shared/accounts/login';
import {
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '@app/shared/accounts/password-reset';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import { defineApiRoute } from '../../lib/api-route.ts';
import type { AccountsService } from './accounts.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import { setSessionCookie } from './session.ts';

export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: { passwordReset: PasswordResetService; accounts: AccountsService },
) {
  defineApiRoute(app, {
    method: 'POST',
    url: '/api/password-reset.php',
    tag: 'accounts',
    summary: 'Mails a link to set a new password (valid 1 hour, single use, three a day).',
    body: passwordResetRequestSchema,
    response: passwordResetRequestResponseSchema,
    errors: ['invalid_email', 'email_not_found', 'reset_limit'],
    handler: async (request, { body }) => {
      await deps.passwordReset.requestPasswordReset(request.site, body.email, request.siteOrigin);
      return { sent: true as const };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/password-reset-do.php',
    replayable: false,
    tag: 'accounts',
    summary: 'Sets the new password with the mailed link; ends all sessions and logs in anew.',
    body: passwordResetSchema,
    response: userResponseSchema,
    errors: ['passwords_differ', 'password_too_weak', 'password_too_common', 'reset_link_invalid'],
    handler: async (request, { body }, reply) => {
      const { token } = await deps.passwordReset.resetPassword(request.site, body.token, body.password);
      const user = await deps.accounts.findSessionUser(request.site, token);
      if (!user) throw new AppError('internal_error', 'no session after reset');
      setSessionCookie(request, reply, token);
      return { user };
    },
  });
}
