import { mailChangeUndoSchema } from '@app/shared/accounts/account-settings';
import { AppError } from '@app/shared/errors/app-error';
import type { ErrorCode } from '@app/shared/errors/error-codes';
import { Form, useNavigation, useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/undo-mail-change';

/** The button's form post: the same service as POST /api/mail-change-undo.php, with or without JavaScript. */
export async function action({ context, request }: Route.ActionArgs) {
  const c = context.get(webContext);
  const parsed = mailChangeUndoSchema.safeParse({ token: (await request.formData()).get('token') ?? '' });
  if (!parsed.success) return { done: false as const, error: 'mail_change_undo_invalid' as ErrorCode };
  try {
    const { resetToken } = await c.services.accounts.undoEmailChange(parsed.data.token);
    return { done: true as const, resetToken };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { done: false as const, error: error.code };
    throw error;
  }
}

export const handle = defineRouteHandle({ messages: ['mail_change'] });

/**
 * /mail-change/undo: the link from the notice to the old address. Nothing happens before the button is pressed
 * (a mail scanner opening the link changes nothing); then the old address is back, every device is logged out and
 * the member goes on to choose a new password.
 */
export default function UndoMailChange({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { settings } = useRootData();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const done = actionData?.done === true;
  const errors = useFormErrorTexts(actionData?.done === false ? { form: { code: actionData.error } } : undefined);
  const title = done ? t('mail_change.undone_title') : t('mail_change.undo_title');
  return (
    <main className="container narrow-page text-center activate-result">
      <PageTitle title={`${title} · ${settings.name}`} />
      {actionData?.done === true ? (
        <>
          <p className="activate-icon text-success">
            <Icon name="shield-check" />
          </p>
          <h1 className="h3">{title}</h1>
          <p data-testid="mail-change-undone">{t('mail_change.undone_body')}</p>
          {/* A full page load: the session that may have been open in this browser has ended. */}
          <a
            className="btn btn-primary"
            href={
              actionData.resetToken
                ? `/reset-password/do?token=${encodeURIComponent(actionData.resetToken)}`
                : '/reset-password'
            }
          >
            {t('mail_change.choose_password')}
          </a>
        </>
      ) : (
        <>
          <h1 className="h3">{title}</h1>
          <p>{t('mail_change.undo_intro')}</p>
          {errors.form ? (
            <div className="alert alert-danger" role="alert" data-testid="mail-change-undo-error">
              {errors.form} {t('mail_change.undo_help', { email: settings.support_email })}
            </div>
          ) : null}
          <Form method="post">
            <input type="hidden" name="token" value={params.get('token') ?? ''} />
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {t('mail_change.undo_button')}
            </button>
          </Form>
        </>
      )}
    </main>
  );
}
