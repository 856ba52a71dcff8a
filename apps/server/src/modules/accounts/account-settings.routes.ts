import {
  accountSettingsResponseSchema,
  accountSettingsUpdateSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  mailChangeConfirmSchema,
  mailChangeUndoResponseSchema,
  mailChangeUndoSchema,
  okResponseSchema,
} from '@app/shared/accounts/account-settings';
import { sessionCookieName } from '@app/shared/accounts/login';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { AccountSettingsService } from './account-settings.service.ts';
import { clearSessionCookie, requireUser } from './session.ts';

export function registerAccountSettingsRoutes(app: FastifyInstance, settings: AccountSettingsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/account-settings.php',
    schema: {
      tags: ['accounts'],
      summary:
        "The member's settings: e-mail address, invisible mode, notifications per type and channel, and whether a push may show a message's text.",
      response: { 200: accountSettingsResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { settings: await settings.getSettings(requireUser(request).id) };
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/account-settings.php',
    schema: {
      tags: ['accounts'],
      summary:
        'Changes invisible mode, notification choices and/or push previews (a message’s text in a push); answers all settings.',
      body: accountSettingsUpdateSchema,
      response: {
        200: accountSettingsResponseSchema,
        ...errorResponses('validation_failed', 'authentication_required'),
      },
    },
    handler: async (request) => ({ settings: await settings.updateSettings(requireUser(request), request.body) }),
  });

  api.route({
    method: 'POST',
    url: '/api/password.php',
    config: { replayable: false },
    schema: {
      tags: ['accounts'],
      summary: 'Changes the password after checking the current one; other devices are logged out.',
      body: changePasswordSchema,
      response: {
        200: okResponseSchema,
        ...errorResponses(
          'old_password_wrong',
          'passwords_differ',
          'password_too_weak',
          'password_too_common',
          'authentication_required',
        ),
      },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { old_password, password } = request.body;
      await settings.changePassword(user, request.cookies[sessionCookieName]!, old_password, password);
      return { ok: true as const };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/mail-change.php',
    config: { replayable: false },
    schema: {
      tags: ['accounts'],
      summary: 'Checks the current password and mails a confirmation link to a new e-mail address.',
      body: changeEmailSchema,
      response: {
        200: okResponseSchema,
        ...errorResponses(
          'old_password_wrong',
          'new_email_invalid',
          'email_taken',
          'rate_limited',
          'authentication_required',
        ),
      },
    },
    handler: async (request) => {
      await settings.requestEmailChange(request.site, requireUser(request), request.body, request.siteOrigin);
      return { ok: true as const };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/mail-change-do.php',
    config: { replayable: false },
    schema: {
      tags: ['accounts'],
      summary:
        "Confirms the new e-mail address with the mailed link; ends the member's other sessions (all of them when " +
        'not logged in as the member) and mails the old address a notice with a link to undo the change.',
      body: mailChangeConfirmSchema,
      response: {
        200: okResponseSchema,
        ...errorResponses('mail_change_link_invalid', 'email_taken', 'rate_limited'),
      },
    },
    handler: async (request) => {
      const sessionToken = request.cookies[sessionCookieName];
      const confirmer = request.user && sessionToken ? { userId: request.user.id, sessionToken } : null;
      await settings.confirmEmailChange(request.site, request.body.token, request.siteOrigin, confirmer);
      return { ok: true as const };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/mail-change-undo.php',
    config: { replayable: false },
    schema: {
      tags: ['accounts'],
      summary:
        'The link from the notice to the old address: puts it back, ends every session, makes the password and all ' +
        'mailed links useless, and answers a token for /reset-password/do?token= to choose a new password.',
      body: mailChangeUndoSchema,
      response: {
        200: mailChangeUndoResponseSchema,
        ...errorResponses('mail_change_undo_invalid', 'email_taken'),
      },
    },
    handler: async (request, reply) => {
      const { userId, resetToken } = await settings.undoEmailChange(request.site, request.body.token);
      if (request.user?.id === userId) clearSessionCookie(request, reply);
      reply.header('cache-control', 'no-store');
      return { ok: true as const, reset_token: resetToken };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/delete-account.php',
    config: { replayable: false },
    schema: {
      tags: ['accounts'],
      summary: 'Deletes the account (password check); a reactivation link valid 14 days is mailed.',
      body: deleteAccountSchema,
      response: {
        200: okResponseSchema,
        ...errorResponses('delete_reason_required', 'old_password_wrong', 'authentication_required'),
      },
    },
    handler: async (request, reply) => {
      await settings.deleteAccount(request.site, requireUser(request), request.body, request.siteOrigin);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  });
}
