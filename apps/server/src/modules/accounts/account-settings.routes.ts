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
import { defineApiRoute } from '../../lib/api-route.ts';
import type { AccountSettingsService } from './account-settings.service.ts';
import { clearSessionCookie, requireUser } from './session.ts';

export function registerAccountSettingsRoutes(app: FastifyInstance, settings: AccountSettingsService) {
  defineApiRoute(app, {
    method: 'GET',
    url: '/api/account-settings.php',
    tag: 'accounts',
    summary: "The member's settings: e-mail address, invisible mode, notifications per type and channel.",
    response: accountSettingsResponseSchema,
    errors: ['authentication_required'],
    handler: async (request, _input, reply) => {
      reply.header('cache-control', 'no-store');
      return { settings: await settings.getSettings(requireUser(request).id) };
    },
  });

  defineApiRoute(app, {
    method: 'PUT',
    url: '/api/account-settings.php',
    tag: 'accounts',
    summary: 'Changes invisible mode and/or notification choices; answers all settings.',
    body: accountSettingsUpdateSchema,
    response: accountSettingsResponseSchema,
    errors: ['validation_failed', 'authentication_required'],
    handler: async (request, { body }) => ({ settings: await settings.updateSettings(requireUser(request), body) }),
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/password.php',
    replayable: false,
    tag: 'accounts',
    summary: 'Changes the password after checking the current one; other devices are logged out.',
    body: changePasswordSchema,
    response: okResponseSchema,
    errors: [
      'old_password_wrong',
      'passwords_differ',
      'password_too_weak',
      'password_too_common',
      'authentication_required',
    ],
    handler: async (request, { body }) => {
      const user = requireUser(request);
      await settings.changePassword(user, request.cookies[sessionCookieName]!, body.old_password, body.password);
      return { ok: true as const };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/mail-change.php',
    replayable: false,
    tag: 'accounts',
    summary: 'Checks the current password and mails a confirmation link to a new e-mail address.',
    body: changeEmailSchema,
    response: okResponseSchema,
    errors: ['old_password_wrong', 'new_email_invalid', 'email_taken', 'rate_limited', 'authentication_required'],
    handler: async (request, { body }) => {
      await settings.requestEmailChange(request.site, requireUser(request), body, request.siteOrigin);
      return { ok: true as const };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/mail-change-do.php',
    replayable: false,
    tag: 'accounts',
    summary:
      "Confirms the new e-mail address with the mailed link; ends the member's other sessions (all of them when " +
      'not logged in as the member) and mails the old address a notice with a link to undo the change.',
    body: mailChangeConfirmSchema,
    response: okResponseSchema,
    errors: ['mail_change_link_invalid', 'email_taken', 'rate_limited'],
    handler: async (request, { body }) => {
      const sessionToken = request.cookies[sessionCookieName];
      const confirmer = request.user && sessionToken ? { userId: request.user.id, sessionToken } : null;
      await settings.confirmEmailChange(request.site, body.token, request.siteOrigin, confirmer);
      return { ok: true as const };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/mail-change-undo.php',
    replayable: false,
    tag: 'accounts',
    summary:
      'The link from the notice to the old address: puts it back, ends every session, makes the password and all ' +
      'mailed links useless, and answers a token for /reset-password/do?token= to choose a new password.',
    body: mailChangeUndoSchema,
    response: mailChangeUndoResponseSchema,
    errors: ['mail_change_undo_invalid', 'email_taken'],
    handler: async (request, { body }, reply) => {
      const { userId, resetToken } = await settings.undoEmailChange(request.site, body.token);
      if (request.user?.id === userId) clearSessionCookie(request, reply);
      reply.header('cache-control', 'no-store');
      return { ok: true as const, reset_token: resetToken };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/delete-account.php',
    replayable: false,
    tag: 'accounts',
    summary: 'Deletes the account (password check); a reactivation link valid 14 days is mailed.',
    body: deleteAccountSchema,
    response: okResponseSchema,
    errors: ['delete_reason_required', 'old_password_wrong', 'authentication_required'],
    handler: async (request, { body }, reply) => {
      await settings.deleteAccount(request.site, requireUser(request), body, request.siteOrigin);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  });
}
