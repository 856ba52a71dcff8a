import { useI18n } from '../../lib/i18n.tsx';
import { usePushSwitch } from './use-push-switch.ts';

/**
 * Push on this device, for the settings: its state (on, off, blocked by the browser with how to allow it, not
 * supported) and a button to switch it. Shown once the page is live and the push code has looked: push needs script.
 */
export function PushDeviceSwitch() {
  const { t } = useI18n();
  const { state, busy, error, switchOn, switchOff } = usePushSwitch();
  if (state === 'unknown') return null;
  return (
    <div className="push-device mb-3" data-testid="push-device" data-state={state}>
      {state === 'unsupported' ? (
        <p className="mb-0 text-body-secondary" data-testid="push-device-state">
          {t('settings.push_state_unsupported')}
        </p>
      ) : null}
      {state === 'denied' ? (
        <>
          <p className="mb-1 fw-semibold" data-testid="push-device-state">
            {t('settings.push_state_denied')}
          </p>
          <p className="small text-body-secondary mb-0">{t('settings.push_denied_hint')}</p>
        </>
      ) : null}
      {state === 'capable' || state === 'subscribed' ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <p className="mb-0 flex-grow-1" data-testid="push-device-state">
            {state === 'subscribed' ? t('settings.push_state_on') : t('settings.push_state_off')}
          </p>
          <button
            type="button"
            className={state === 'subscribed' ? 'btn btn-outline-secondary' : 'btn btn-primary'}
            disabled={busy}
            onClick={() => void (state === 'subscribed' ? switchOff() : switchOn())}
            data-testid="push-device-switch"
          >
            {state === 'subscribed' ? t('settings.push_switch_off') : t('settings.push_switch_on')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="small text-danger mt-2 mb-0" role="alert" data-testid="push-device-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
