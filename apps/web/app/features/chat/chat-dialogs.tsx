import type { ChatProfile } from '@app/shared/chat/chat';
import { reportReasons, reportTextMaxLength } from '@app/shared/chat/chat-constants';
import { Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { type FormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { type ViewParam, withViewParam } from './chat-rules.ts';

function useCloseHref(name: ViewParam) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = withViewParam(location, name, false);
  return { href, close: () => void navigate(href, { replace: true, preventScrollReset: true }) };
}

function useBusy() {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
}

/**
 * Block the member: the profile's block confirmation, posting to /blocks, which comes back to the conversation
 * (with `?block_error=` when refused).
 */
function BlockDialog(props: { profile: ChatProfile; back: string }) {
  const { t } = useI18n();
  const { href, close } = useCloseHref('block');
  const busy = useBusy();
  return (
    <Modal
      id="block-modal"
      title={t('chat.block_title', { name: props.profile.name })}
      closeHref={href}
      onClose={close}
    >
      <Form method="post" action="/blocks">
        <p>{t('chat.block_body', { name: props.profile.name })}</p>
        <input type="hidden" name="intent" value="block" />
        <input type="hidden" name="profile_id" value={props.profile.id} />
        <input type="hidden" name="redirect" value={props.back} />
        <DialogActions cancelHref={href} busy={busy} confirm={t('chat.block_confirm')} />
      </Form>
    </Modal>
  );
}

/** Report the member for moderation: a reason and, if they like, a few words. */
function ReportDialog(props: { profile: ChatProfile; action: string; errors: FormErrors | undefined }) {
  const { t } = useI18n();
  const { href, close } = useCloseHref('report');
  const errors = useFormErrorTexts(props.errors);
  const busy = useBusy();
  return (
    <Modal
      id="report-modal"
      title={t('chat.report_title', { name: props.profile.name })}
      closeHref={href}
      onClose={close}
    >
      <Form method="post" action={props.action} data-testid="report-form">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="profile" value={props.profile.id} />
        <p className="small">{t('chat.report_intro', { name: props.profile.name })}</p>
        <fieldset className="mb-3" aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
          <legend className="form-label fs-6">{t('chat.report_reason')}</legend>
          {reportReasons.map((reason) => (
            <div className="form-check" key={reason}>
              <input
                className="form-check-input"
                type="radio"
                name="reason"
                value={reason}
                id={`report-${reason}`}
                required
              />
              <label className="form-check-label" htmlFor={`report-${reason}`}>
                {t(`chat.report_reasons.${reason}`)}
              </label>
            </div>
          ))}
          {errors.reason ? (
            <p className="text-danger small mb-0" id="report-reason-error" role="alert">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <div className="mb-3">
          <label className="form-label" htmlFor="report-text">
            {t('chat.report_text')}
          </label>
          <textarea
            className={errors.text ? 'form-control is-invalid' : 'form-control'}
            id="report-text"
            name="text"
            rows={3}
            maxLength={reportTextMaxLength}
          />
          {errors.text ? <div className="invalid-feedback">{errors.text}</div> : null}
        </div>
        {errors.form ? (
          <p className="text-danger small" role="alert">
            {errors.form}
          </p>
        ) : null}
        <DialogActions cancelHref={href} busy={busy} confirm={t('chat.report_send')} />
      </Form>
    </Modal>
  );
}

/**
 * The delete conversation modal (spec section 2): the conversation leaves this member's list, the other keeps it.
 * A form post, so that it works without script; the list follows.
 */
function DeleteDialog(props: { profile: ChatProfile; action: string; errors: FormErrors | undefined }) {
  const { t } = useI18n();
  const { href, close } = useCloseHref('delete');
  const errors = useFormErrorTexts(props.errors);
  const busy = useBusy();
  return (
    <Modal
      id="delete-conversation-modal"
      title={t('chat.delete_title', { name: props.profile.name })}
      closeHref={href}
      onClose={close}
    >
      <Form method="post" action={props.action}>
        <input type="hidden" name="intent" value="delete" />
        <p>{t('chat.delete_body', { name: props.profile.name })}</p>
        {errors.form ? (
          <p className="text-danger small" role="alert">
            {errors.form}
          </p>
        ) : null}
        <DialogActions cancelHref={href} busy={busy} confirm={t('chat.delete_confirm')} testId="delete-confirm" />
      </Form>
    </Modal>
  );
}

/** The thanks for a report, over the conversation until closed. */
function ReportedToast() {
  const { t } = useI18n();
  const { href } = useCloseHref('reported');
  return (
    <div className="chat-toast toast-message alert alert-success" role="status" data-testid="chat-reported">
      <Icon name="check-circle" />
      <span>{t('chat.reported')}</span>
      <Link className="btn-close ms-auto" to={href} replace preventScrollReset aria-label={t('chat.close')} />
    </div>
  );
}

/**
 * The header menu's dialogs and the report's thanks, as the address opens them: a chunk of its own, loaded when one
 * opens (the server renders it in place, so they work without script).
 */
export function ChatDialogs(props: {
  dialog: 'block' | 'report' | 'delete' | null;
  reported: boolean;
  profile: ChatProfile;
  action: string;
  errorsOf: (intent: 'report' | 'delete') => FormErrors | undefined;
}) {
  const { pathname } = useLocation();
  const { dialog, profile } = props;
  return (
    <>
      {props.reported ? <ReportedToast /> : null}
      {dialog === 'block' && profile.available ? <BlockDialog profile={profile} back={pathname} /> : null}
      {dialog === 'report' ? (
        <ReportDialog profile={profile} action={props.action} errors={props.errorsOf('report')} />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteDialog profile={profile} action={props.action} errors={props.errorsOf('delete')} />
      ) : null}
    </>
  );
}

/** Cancel (back to the conversation) and the dialog's one dangerous action. */
function DialogActions(props: { cancelHref: string; busy: boolean; confirm: string; testId?: string }) {
  const { t } = useI18n();
  return (
    <div className="d-flex flex-wrap gap-2 justify-content-end">
      <Link className="btn btn-outline-secondary" to={props.cancelHref} replace preventScrollReset>
        {t('chat.cancel')}
      </Link>
      <button type="submit" className="btn btn-danger" disabled={props.busy} data-testid={props.testId}>
        {props.confirm}
      </button>
    </div>
  );
}
