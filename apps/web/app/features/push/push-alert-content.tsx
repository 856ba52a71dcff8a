import { useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { isPushAlertDue } from './push-rules.ts';
import { usePushSwitch } from './use-push-switch.ts';

const storageKey = 'push-alert-dismissed';

function readDismissedAt(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/**
 * The push-notification alert (spec section 6): switch on pushes, or close it; closing stores the moment and the
 * alert comes back 14 days later. Gone once this device is subscribed or the browser blocks the site.
 */
export default function PushAlertContent() {
  const { t } = useI18n();
  const { state, busy, error, switchOn } = usePushSwitch();
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => setDismissed(!isPushAlertDue(readDismissedAt(), Date.now())), []);
  if (dismissed || (state !== 'capable' && !error)) return null;
  return (
    <div className="container mt-3">
      <div className="alert alert-info mb-0" role="status" data-testid="push-alert">
        <div className="d-flex align-items-center gap-2 flex-wrap">
          <span className="flex-grow-1">{t('push_alert.text')}</span>
          <button
            type="button"
            className="btn btn-sm btn-primary push-alert-action"
            disabled={busy}
            onClick={() => void switchOn()}
          >
            {t('push_alert.switch_on')}
          </button>
          <button
            type="button"
            className="btn-close"
            aria-label={t('push_alert.dismiss')}
            onClick={() => {
              try {
                localStorage.setItem(storageKey, String(Date.now()));
              } catch {
                // Without storage the alert just comes back next time.
              }
              setDismissed(true);
            }}
          />
        </div>
        {error ? (
          <p className="small text-danger mt-2 mb-0" data-testid="push-alert-error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
