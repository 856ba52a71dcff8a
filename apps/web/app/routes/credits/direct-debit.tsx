import { directDebitFormSchema, phoneCodeCheckSchema, phoneCodeRequestSchema } from '@app/shared/credits/direct-debit';
import { AppError } from '@app/shared/errors/app-error';
import { parseIdParam } from '@app/shared/input';
import type { InputHTMLAttributes } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { formatMoney } from '../../features/credits/money.ts';
import { readFormValues, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/direct-debit';

type Step = 'phone' | 'code' | 'account';

const stepAddress = (orderId: number, phone?: string) =>
  `/directdebit?order=${orderId}${phone ? `&phone=${encodeURIComponent(phone)}` : ''}`;

/**
 * /directdebit?order={id}: paying an order by one SEPA direct debit. The member confirms their mobile number with a
 * code sent by SMS, then gives the account, its holder and address, and ticks the box that authorises one debit.
 * Every step is a form (it works without JavaScript); the order's payment screen then shows the debit's progress.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const query = new URL(request.url).searchParams;
  const orderId = parseIdParam(query.get('order'));
  if (orderId === null) throw data(null, { status: 404 });
  try {
    const order = await c.services.credits.findOrder(orderId);
    if (order.status === 'paid') throw redirect(`/credits/${order.id}/directdebit`);
    const phone = query.get('phone')?.slice(0, 32) ?? '';
    const verified = phone ? await c.services.credits.isPhoneVerified(phone).catch(() => false) : false;
    const step: Step = !phone ? 'phone' : verified ? 'account' : 'code';
    return { siteName: c.settings.name, order, phone, step };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const form = await request.formData();
  const intent = form.get('intent');
  const orderId = parseIdParam(String(form.get('order') ?? ''));
  if (orderId === null) throw data(null, { status: 404 });
  const values = readFormValues(form, { omit: ['intent', 'order'] });
  try {
    if (intent === 'send') {
      const submission = parseSubmission(phoneCodeRequestSchema, values);
      if (!submission.ok) return refuseSubmission(submission.errors);
      const sent = await c.services.sms.sendPhoneCode(submission.value.phone);
      return redirect(stepAddress(orderId, sent.phone));
    }
    if (intent === 'verify') {
      const submission = parseSubmission(phoneCodeCheckSchema, values);
      if (!submission.ok) return refuseSubmission(submission.errors);
      const verified = await c.services.sms.verifyPhoneCode(submission.value.phone, submission.value.code);
      return redirect(stepAddress(orderId, verified.phone));
    }
    const submission = parseSubmission(directDebitFormSchema, { ...values, order: String(orderId) });
    if (!submission.ok) return refuseSubmission(submission.errors);
    const { authorise: _consent, ...mandate } = submission.value;
    await c.services.credits.payByDirectDebit(mandate);
    return redirect(`/credits/${orderId}/directdebit`);
  } catch (error) {
    return refuseWithError(error);
  }
}

export const handle = defineRouteHandle({ messages: ['direct_debit'] });

export default function DirectDebitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { order, phone, step } = loaderData;
  const errors = useFormErrorTexts(findFormErrors(actionData));
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const amount = formatMoney(locale, order.amount, order.currency);
  /** A text field of the form, tied to its label and its error (`name` is also its id). */
  const field = (name: string, label: string, attributes: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FormField id={name} label={label} error={errors[name]}>
      {(control) => <input {...control} name={name} required {...attributes} />}
    </FormField>
  );
  return (
    <main className="container direct-debit-page">
      <PageTitle title={`${t('direct_debit.title')} · ${loaderData.siteName}`} />
      <h1 className="h3">{t('direct_debit.title')}</h1>
      <p>{t('direct_debit.summary', { id: order.id, amount })}</p>
      <ol className="direct-debit-steps" aria-label={t('direct_debit.steps')}>
        <li className={step === 'phone' ? 'active' : undefined}>{t('direct_debit.step_phone')}</li>
        <li className={step === 'code' ? 'active' : undefined}>{t('direct_debit.step_code')}</li>
        <li className={step === 'account' ? 'active' : undefined}>{t('direct_debit.step_account')}</li>
      </ol>
      {errors.form ? (
        <p className="alert alert-danger" role="alert">
          {errors.form}
        </p>
      ) : null}
      {step === 'phone' ? (
        <Form method="post" className="card card-body direct-debit-form">
          <input type="hidden" name="order" value={order.id} />
          <FormField
            id="phone"
            label={t('direct_debit.phone_label')}
            error={errors.phone}
            help={t('direct_debit.phone_help')}
          >
            {(control) => <input {...control} name="phone" type="tel" autoComplete="tel" required />}
          </FormField>
          <button type="submit" name="intent" value="send" className="btn btn-primary" disabled={busy}>
            {t('direct_debit.send_code')}
          </button>
        </Form>
      ) : null}
      {step === 'code' ? (
        <Form method="post" className="card card-body direct-debit-form">
          <input type="hidden" name="order" value={order.id} />
          <input type="hidden" name="phone" value={phone} />
          <p>{t('direct_debit.code_sent', { phone })}</p>
          {field('code', t('direct_debit.code_label'), {
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: 7,
          })}
          <button type="submit" name="intent" value="verify" className="btn btn-primary" disabled={busy}>
            {t('direct_debit.verify_code')}
          </button>
          <Link className="btn btn-link" to={stepAddress(order.id)}>
            {t('direct_debit.other_number')}
          </Link>
        </Form>
      ) : null}
      {step === 'account' ? (
        <Form method="post" className="card card-body direct-debit-form">
          <input type="hidden" name="order" value={order.id} />
          <input type="hidden" name="phone" value={phone} />
          <p className="text-success">{t('direct_debit.phone_confirmed', { phone })}</p>
          {field('iban', t('direct_debit.iban_label'), { autoComplete: 'off' })}
          {field('account_holder', t('direct_debit.holder_label'), { autoComplete: 'name' })}
          {field('street', t('direct_debit.street_label'), { autoComplete: 'street-address' })}
          <div className="row g-2">
            <div className="col-5">
              {field('postal_code', t('direct_debit.postal_code_label'), { autoComplete: 'postal-code' })}
            </div>
            <div className="col-7">
              {field('city', t('direct_debit.city_label'), { autoComplete: 'address-level2' })}
            </div>
          </div>
          <div className="form-check mt-3">
            <input id="authorise" name="authorise" type="checkbox" className="form-check-input" required />
            <label htmlFor="authorise" className="form-check-label">
              {t('direct_debit.authorise', { amount, site_name: loaderData.siteName })}
            </label>
            {errors.authorise ? <div className="invalid-feedback d-block">{errors.authorise}</div> : null}
          </div>
          <button type="submit" name="intent" value="mandate" className="btn btn-primary btn-lg mt-3" disabled={busy}>
            {t('direct_debit.confirm', { amount })}
          </button>
        </Form>
      ) : null}
    </main>
  );
}
