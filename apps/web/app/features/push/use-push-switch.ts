import { useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { type PushState, usePushState } from './push-state.ts';

type SwitchOutcome = 'subscribed' | 'denied' | 'dismissed' | 'off';

/**
 * Switching push on or off for this device from a page (the push alert, the settings, the signup's push step): the
 * push code loads with the first switch, and a failure becomes a text in the member's language.
 */
export function usePushSwitch(): {
  state: PushState;
  busy: boolean;
  error: string | null;
  /** Answers what came of it, or null when it failed (`error` says why). */
  switchOn: () => Promise<SwitchOutcome | null>;
  switchOff: () => Promise<SwitchOutcome | null>;
} {
  const { t } = useI18n();
  const state = usePushState();
  const publicKey = useRootData().settings.push_public_key;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (on: boolean): Promise<SwitchOutcome | null> => {
    setBusy(true);
    setError(null);
    try {
      const client = await import('./push-client.ts');
      if (on) return await client.switchPushOn(publicKey);
      await client.switchPushOff();
      return 'off';
    } catch (failure) {
      const cause = failure instanceof Error ? failure.cause : undefined;
      const reason = failure instanceof Error && 'reason' in failure ? String(failure.reason) : 'subscribe_failed';
      // The server's own text for a refused call; ours for the browser's failures.
      setError(cause instanceof ApiRequestError ? cause.message : t(`push_alert.error_${reason}`));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { state, busy, error, switchOn: () => run(true), switchOff: () => run(false) };
}
