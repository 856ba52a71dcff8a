import { useState } from 'react';
import { useSubmit } from 'react-router';
import { usePushSwitch } from '../../features/push/use-push-switch.ts';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The push step's "yes" (with script): switches push on for this device first (the browser asks), then records the
 * choice and goes on: `accepted` once subscribed, `declined` when the browser's question was refused. A failure (no
 * push service) or an unanswered question stays on the step with a text; "not now" still goes on.
 */
export default function PushAcceptButton(props: { busy: boolean }) {
  const { t } = useI18n();
  const submit = useSubmit();
  const push = usePushSwitch();
  const [unanswered, setUnanswered] = useState(false);
  const choose = async () => {
    setUnanswered(false);
    const outcome = await push.switchOn();
    if (outcome === 'subscribed' || outcome === 'denied') {
      const choice = outcome === 'subscribed' ? 'accepted' : 'declined';
      await submit({ intent: 'push', push_choice: choice }, { method: 'post' });
    } else if (outcome === 'dismissed') {
      setUnanswered(true);
    }
  };
  const message = push.error ?? (unanswered ? t('complete_signup.push_unanswered') : null);
  return (
    <>
      {message ? (
        <div className="alert alert-warning mb-0" role="alert" data-testid="push-step-error">
          {message}
        </div>
      ) : null}
      <button
        type="submit"
        name="push_choice"
        value="accepted"
        className="btn btn-primary"
        disabled={props.busy || push.busy}
        onClick={(event) => {
          event.preventDefault();
          void choose();
        }}
      >
        {t('complete_signup.push_accept')}
      </button>
    </>
  );
}
