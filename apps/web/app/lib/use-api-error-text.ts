import { ApiRequestError } from './api-client.ts';
import { useI18n } from './i18n.tsx';

/** The text to show for a failed call: the server's translated message, or the general error text. */
export function useApiErrorText() {
  const { t } = useI18n();
  return (error: unknown) => (error instanceof ApiRequestError ? error.message : t('errors.internal_error'));
}
