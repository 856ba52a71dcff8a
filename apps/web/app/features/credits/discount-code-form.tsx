import { Form } from 'react-router';
import type { FormError } from '../../lib/form-errors.ts';
import { useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** Discount code entry (spec section 2): a GET of the same page, so the prices shown are the prices ordered. */
export function DiscountCodeForm({
  code,
  error,
  applied,
}: {
  code: string | null;
  error: FormError | null;
  applied: string | null;
}) {
  const { t } = useI18n();
  const texts = useFormErrorTexts(error ? { discount_code: error } : undefined);
  return (
    <Form method="get" className="discount-code-form" role="search" aria-label={t('credits.discount_title')}>
      <label htmlFor="discount-code" className="form-label">
        {t('credits.discount_label')}
      </label>
      <div className="input-group">
        <input
          id="discount-code"
          name="code"
          className={error ? 'form-control is-invalid' : 'form-control'}
          defaultValue={code ?? ''}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'discount-code-error' : undefined}
        />
        <button type="submit" className="btn btn-outline-primary">
          {t('credits.discount_apply')}
        </button>
      </div>
      {error ? (
        <p id="discount-code-error" className="invalid-feedback d-block" role="alert">
          {texts.discount_code}
        </p>
      ) : applied ? (
        <p className="form-text text-success" role="status">
          {t('credits.discount_applied', { code: applied })}
        </p>
      ) : null}
    </Form>
  );
}
