import type { ErrorCode } from '@app/shared/errors/error-codes';
import { formatErrorValues } from '@app/shared/errors/error-values';
import { localeInfo } from '@app/shared/i18n/locales';
import { minimumMemberAge } from '@app/shared/profiles/profile-fields';
import { useI18n } from './i18n.tsx';
import { useRootData } from './root-data.ts';

/**
 * A form's errors as route actions answer them and pages show them. Apart from form.ts and without zod at runtime,
 * so that a component on every page (the activation reminder) can show them without loading the schemas.
 */

/** An error about one field, or about the whole form (`form`), by registered code. */
export interface FormError {
  code: ErrorCode;
  values?: Record<string, string | number>;
}
export type FormErrors = Partial<Record<string, FormError>>;

/** The translated text of each error, by field, as a page shows them. */
export function useFormErrorTexts(errors: FormErrors | undefined): Partial<Record<string, string>> {
  const { t, locale } = useI18n();
  const { settings } = useRootData();
  const texts: Partial<Record<string, string>> = {};
  for (const [field, error] of Object.entries(errors ?? {})) {
    if (!error) continue;
    // The key as errorMessageKey makes it, written out: importing it would bring the whole registry to every page.
    const values = { min_age: minimumMemberAge, support_email: settings.support_email, ...error.values };
    texts[field] = t(`errors.${error.code}`, formatErrorValues(values, localeInfo[locale].iso, settings.time_zone));
  }
  return texts;
}

/** The errors an action or client action answered, if it answered any. */
export function findFormErrors(answer: unknown): FormErrors | undefined {
  return answer && typeof answer === 'object' && 'errors' in answer ? (answer.errors as FormErrors) : undefined;
}
