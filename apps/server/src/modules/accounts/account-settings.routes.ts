import {
  accountSettingsResponseSchema,
  accountSettingsUpdateSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  mailChangeConfirmSchema,
  okResponseSchema,
} from '@app/shared/accounts/account-settings';
import { sessionCookieName } from '@app/shared/accounts/login';
import type { FastifyInstance } from 'fastify';
import { defineApiRoute } from '../../lib/api-route.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import { clearSessionCookie, requireUser } from '../../plugins/session.ts';
import type { AccountSettingsService } from './account-settings.service.ts';

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
    tag: 'accounts',
    summary: 'Changes the password after checking the current one; other devices are logged out.',
    body: changePasswordSchema,
    response: okResponseSchema,
    errors: ['old_password_wrong', 'passwords_differ', 'password_too_weak', 'authentication_required'],
    handler: async (request, { body }) => {
      const user = requireUser(request);
      await settings.changePassword(user, request.cookies[sessionCookieName]!, body.old_password, body.password);
      return { ok: true as const };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/mail-change.php',
    tag: 'accounts',
    summary: 'Mails a confirmation link to a new e-mail address.',
    body: changeEmailSchema,
    response: okResponseSchema,
    errors: ['new_email_invalid', 'email_taken', 'rate_limited', 'authentication_required'],
    handler: async (request, { body }) => {
      await settings.requestEmailChange(request.site, requireUser(request), body.email, requestOrigin(request));
      return { ok: true as const };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/mail-change-do.php',
    tag: 'accounts',
    summary: 'Confirms the new e-mail address with the mailed link.',
    body: mailChangeConfirmSchema,
    response: okResponseSchema,
    errors: ['mail_change_link_invalid', 'email_taken'],
    handler: async (request, { body }) => {
      await settings.confirmEmailChange(request.site, body.token);
      return { ok: true as const };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/delete-account.php',
    tag: 'accounts',
    summary: 'Deletes the account (password check); a reactivation link valid 14 days is mailed.',
    body: deleteAccountSchema,
    response: okResponseSchema,
    errors: ['delete_reason_required', 'old_password_wrong', 'authentication_required'],
    handler: async (request, { body }, reply) => {
      await settings.deleteAccount(request.site, requireUser(request), body, requestOrigin(request));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  });
}
