import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useSmartphone } from './signup-modal.tsx';

/**
 * While the member has not confirmed the e-mail address: an alert, or a modal right after signup on a phone
 * (the `signup-complete` flag), with a button that sends the mail again.
 */
export function ActivationReminder() {
  const { t } = useI18n();
  const { user } = useRootData();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const smartphone = useSmartphone();
  const [state, setState] = useState<{ busy: boolean; note: string | null; failed: boolean }>({
    busy: false,
    note: null,
    failed: false,
  });
  if (user?.status !== 'not_confirmed') return null;

  async function resend() {
    setState({ busy: true, note: null, failed: false });
    try {
      await apiRequest('POST', '/api/activation-mail.php');
      setState({ busy: false, note: t('activation.resent'), failed: false });
    } catch (error) {
      setState({
        busy: false,
        note: error instanceof ApiRequestError ? error.message : t('errors.internal_error'),
        failed: true,
      });
    }
  }

  const body = (
    <>
      <p className="mb-2">{t('activation.reminder', { email: user.email })}</p>
      {state.note ? (
        <p className={`small mb-2 ${state.failed ? 'text-danger' : 'text-success'}`} role="status">
          {state.note}
        </p>
      ) : null}
      <button type="button" className="btn btn-sm btn-outline-primary" disabled={state.busy} onClick={resend}>
        {t('activation.resend')}
      </button>
    </>
  );

  // Right after signup a phone gets a modal: until the screen size is known, neither shows.
  if (params.has('signup-complete') && smartphone === null) return null;
  if (params.has('signup-complete') && smartphone) {
    const close = () => {
      const next = new URLSearchParams(params);
      next.delete('signup-complete');
      navigate({ search: next.toString() }, { replace: true, preventScrollReset: true });
    };
    return (
      <Modal id="activation-reminder" title={t('activation.reminder_title')} onClose={close}>
        {body}
      </Modal>
    );
  }
  return (
    <div className="container mt-3">
      <div className="alert alert-warning" role="status" data-testid="activation-reminder">
        <h2 className="h6 alert-heading">{t('activation.reminder_title')}</h2>
        {body}
      </div>
    </div>
  );
}
