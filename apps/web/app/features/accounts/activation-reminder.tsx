import { completeSignupSteps } from '@app/shared/accounts/signup-steps';
import { Link, useFetcher, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useSmartphone } from '../../lib/media-query.ts';
import { useRootData } from '../../lib/root-data.ts';

/** The profile steps before the last one (confirming the e-mail address), which the reminder counts itself. */
const profileSteps = completeSignupSteps.length - 1;

/** What a new member still has to do: the open steps of /complete-signup, then the confirmation of the address. */
function countOpenProfileSteps(signupStep: number): number {
  return Math.max(0, profileSteps - signupStep);
}

/**
 * The button that mails the activation link again: a post to /activation-mail, which without JavaScript answers
 * with a page of its own and with it answers here.
 */
export function ResendActivationForm(props: { className?: string }) {
  const { t } = useI18n();
  const location = useLocation();
  const fetcher = useFetcher<{ sent?: boolean }>({ key: 'activation-mail' });
  const errors = useFormErrorTexts(findFormErrors(fetcher.data));
  return (
    <fetcher.Form method="post" action="/activation-mail" className={props.className}>
      <input type="hidden" name="redirect" value={location.pathname + location.search} />
      {fetcher.data?.sent ? (
        <p className="small mb-2 text-success" role="status" data-testid="activation-resent">
          {t('activation.resent')}
        </p>
      ) : errors.form ? (
        <p className="small mb-2 text-danger" role="status">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={fetcher.state !== 'idle'}>
        {t('activation.resend')}
      </button>
    </fetcher.Form>
  );
}

/**
 * While the member has not confirmed the e-mail address: what is left to do (the open profile steps and the
 * confirmation), as an alert, or as a modal right after signup on a phone (the `signup-complete` flag).
 */
export function ActivationReminder() {
  const { t } = useI18n();
  const { user } = useRootData();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const smartphone = useSmartphone();
  if (user?.status !== 'not_confirmed') return null;
  const openSteps = countOpenProfileSteps(user.signup_step);
  const onSteps = location.pathname === '/complete-signup';

  const body = (
    <>
      {openSteps > 0 ? (
        <>
          <p className="mb-1">{t('activation.left_intro')}</p>
          <ol className="activation-todo mb-2" data-testid="activation-todo">
            <li>
              {onSteps ? (
                t('activation.left_steps', { count: openSteps })
              ) : (
                <Link to="/complete-signup">{t('activation.left_steps', { count: openSteps })}</Link>
              )}
            </li>
            <li>{t('activation.left_email', { email: user.email })}</li>
          </ol>
        </>
      ) : (
        <p className="mb-2">{t('activation.reminder', { email: user.email })}</p>
      )}
      <ResendActivationForm />
    </>
  );
  const title = openSteps > 0 ? t('activation.left_title') : t('activation.reminder_title');

  // Right after signup a phone gets a modal once the page runs; before that (and without script) the alert shows.
  if (params.has('signup-complete') && smartphone) {
    const close = () => {
      const next = new URLSearchParams(params);
      next.delete('signup-complete');
      navigate({ search: next.toString() }, { replace: true, preventScrollReset: true });
    };
    return (
      <Modal id="activation-reminder" title={title} onClose={close}>
        {body}
      </Modal>
    );
  }
  return (
    <div className="container mt-3">
      <div className="alert alert-warning" role="status" data-testid="activation-reminder">
        <h2 className="h6 alert-heading">{title}</h2>
        {body}
      </div>
    </div>
  );
}
