import { marketingNotificationTypes } from '@app/shared/accounts/account-choices';
import { AppError } from '@app/shared/errors/app-error';
import { redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { BlockedMembersSection } from '../../features/accounts/blocked-members.tsx';
import { DeleteAccountSection } from '../../features/accounts/delete-account.tsx';
import {
  EmailSection,
  InvisibleSection,
  NotificationSection,
  PasswordSection,
  PushSection,
  type SettingsAnswer,
  type SettingsIntent,
  settingsIntents,
} from '../../features/accounts/settings-sections.tsx';
import { SpendProtectionSection } from '../../features/credits/spend-protection-section.tsx';
import { errorParam } from '../../lib/error-param.server.ts';
import { answerSuccess, checkIntentsInBrowser, refuseWithError } from '../../lib/form.ts';
import type { FormErrors } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/settings';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const [settings, blocked, spendProtection] = await Promise.all([
    c.services.accounts.findAccountSettings(),
    c.services.moderation.listBlocked(),
    c.services.credits.findSpendProtection(),
  ]);
  const coolOffChoices = c.services.credits.listCoolOffChoices(spendProtection.cool_off_until);
  // A cool-off chosen (`?cool_off=30d`, the form's GET) is confirmed before it starts; an unknown one is ignored.
  const chosen = new URL(request.url).searchParams.get('cool_off');
  return {
    settings: settings!,
    blocked,
    blockError: errorParam(request, 'block_error'),
    siteName: c.settings.name,
    spendProtection,
    coolOffChoices,
    chosenCoolOff: coolOffChoices.find((choice) => choice.period === chosen) ?? null,
  };
}

/** The field a service's error is about, per form: a wrong current password belongs at the password field. */
const errorFields: Partial<Record<SettingsIntent, Partial<Record<string, string>>>> = {
  password: { old_password_wrong: 'old_password', password_checks_blocked: 'old_password' },
  email: { old_password_wrong: 'password', password_checks_blocked: 'password', email_taken: 'email' },
  delete: { old_password_wrong: 'password', password_checks_blocked: 'password' },
};

function findIntent(form: FormData): SettingsIntent | null {
  const intent = form.get('intent');
  return settingsIntents.find((known) => known === intent) ?? null;
}

function refuse(intent: SettingsIntent, errors: FormErrors) {
  return Response.json({ intent, errors } satisfies SettingsAnswer, { status: 400 });
}

/**
 * POST /settings: one section's form, by `intent`, through the services of the /api/ calls (account-settings,
 * password, mail-change, delete-account, delete-discount, spend-protection). Deleting ends the session and goes to /account-deleted.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const { accounts, credits } = c.services;
  const form = await request.formData();
  // Loaded here, not imported at the top: a static import would stay in the page's first load with the clientAction.
  const { settingsForms } = await import('../../features/accounts/settings-forms.ts');
  const intent = findIntent(form);
  if (!intent) return refuse('notifications', { form: { code: 'validation_failed', values: { field: 'intent' } } });
  // A plain post's success goes on to a GET of /settings that says it (`?done=<intent>`): a reload sends nothing again.
  const done = (answer: SettingsAnswer, section: string = intent, extra: Record<string, string> = {}) =>
    answerSuccess(request, answer, `/settings?${new URLSearchParams({ done: intent, ...extra })}#${section}`);
  try {
    switch (intent) {
      case 'notifications':
      case 'push_previews':
      case 'invisible': {
        const submission = parseSubmission(settingsForms[intent].schema, settingsForms[intent].read(form));
        if (!submission.ok) return refuse(intent, submission.errors);
        return done({ intent, settings: await accounts.updateAccountSettings(submission.value) });
      }
      case 'password': {
        const submission = parseSubmission(settingsForms.password.schema, settingsForms.password.read(form));
        if (!submission.ok) return refuse(intent, submission.errors);
        await accounts.changePassword(submission.value.old_password, submission.value.password);
        return done({ intent });
      }
      case 'email': {
        const submission = parseSubmission(settingsForms.email.schema, settingsForms.email.read(form));
        if (!submission.ok) return refuse(intent, submission.errors);
        await accounts.requestEmailChange(submission.value);
        const sentTo = submission.value.email;
        return done({ intent, sentTo }, 'email', { sent_to: sentTo });
      }
      case 'delete': {
        const submission = parseSubmission(settingsForms.delete.schema, settingsForms.delete.read(form));
        if (!submission.ok) return refuse(intent, submission.errors);
        await accounts.deleteAccount(submission.value);
        throw redirect('/account-deleted');
      }
      case 'stay_invisible':
        return done({ intent, settings: await accounts.updateAccountSettings({ invisible: true }) }, 'delete');
      case 'stay_fewer_mails': {
        const email = Object.fromEntries(marketingNotificationTypes.map((type) => [type, false]));
        return done({ intent, settings: await accounts.updateAccountSettings({ notifications: { email } }) }, 'delete');
      }
      case 'spend_limit':
      case 'cool_off': {
        const submission = parseSubmission(settingsForms[intent].schema, settingsForms[intent].read(form));
        if (!submission.ok) return refuse(intent, submission.errors);
        const spendProtection = await credits.updateSpendProtection(submission.value);
        return done({ intent, spendProtection }, intent === 'cool_off' ? 'cool-off' : 'spend-protection');
      }
      case 'stay_discount':
        // The member's one code, the same on every ask: the page shows it, a reload only asks again.
        return { intent, discount: await credits.grantDeleteDiscount() } satisfies SettingsAnswer;
    }
  } catch (error) {
    // Not the member's to fix (a fault of ours): the error page, as for any page.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // Its status stays (429 rate_limited, 409 email_taken); a wrong current password goes to that form's field.
    const field = errorFields[intent]?.[error.code];
    return refuseWithError(field ? new AppError(error.code, error.message, { ...error.values, field }) : error, {
      intent,
    });
  }
}

/** Checks a section's form in the browser with the schema its action uses, before anything is sent; the other
 * intents are buttons. */
export const clientAction = checkIntentsInBrowser(
  // The schemas and the error registry load with the first form sent, not with the page.
  () => import('../../features/accounts/settings-forms.ts').then((module) => module.settingsForms),
  [
    'notifications',
    'push_previews',
    'invisible',
    'password',
    'email',
    'delete',
    'spend_limit',
    'cool_off',
  ] satisfies SettingsIntent[],
);

export const handle = defineRouteHandle({ messages: ['member_profile', 'settings', 'spend_protection'] });

/**
 * /settings: notifications, push on this device and its previews, invisible mode, password, e-mail address, spend protection, blocked members and deleting
 * the account.
 */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { settings } = loaderData;
  const sections = [
    ['notifications', t('settings.notifications_title')],
    ['push', t('settings.push_nav')],
    ['invisible', t('settings.invisible_title')],
    ['password', t('settings.password_title')],
    ['email', t('settings.email_title')],
    ['spend-protection', t('spend_protection.title')],
    ['blocked', t('settings.blocked_title')],
    ['delete', t('settings.delete_title')],
  ] as const;
  return (
    <main className="container narrow-page settings-page">
      <PageTitle title={`${t('settings.title')} · ${loaderData.siteName}`} />
      <h1 className="h3">{t('settings.title')}</h1>
      <nav aria-label={t('settings.sections')} className="settings-nav mb-3">
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
          {sections.map(([id, label]) => (
            <li key={id}>
              <a className="btn btn-light btn-sm" href={`#${id}`}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <NotificationSection settings={settings} />
      <PushSection settings={settings} />
      <InvisibleSection settings={settings} />
      <PasswordSection />
      <EmailSection email={settings.email} />
      <SpendProtectionSection
        protection={loaderData.spendProtection}
        coolOffChoices={loaderData.coolOffChoices}
        chosenCoolOff={loaderData.chosenCoolOff}
      />
      <BlockedMembersSection blocked={loaderData.blocked} error={loaderData.blockError} />
      <DeleteAccountSection />
    </main>
  );
}
