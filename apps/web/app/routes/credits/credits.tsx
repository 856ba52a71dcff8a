import { orderPackageFormSchema } from '@app/shared/credits/orders';
import { redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { DiscountCodeForm } from '../../features/credits/discount-code-form.tsx';
import { PackageCards } from '../../features/credits/package-cards.tsx';
import { readFormValues, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/credits';
import { findShop } from './shop.server.ts';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const code = new URL(request.url).searchParams.get('code')?.trim().slice(0, 40) || null;
  return { siteName: c.settings.name, ...(await findShop(c, code)) };
}

/** Orders the chosen package at today's price, then the payment screen of that order. */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const submission = parseSubmission(orderPackageFormSchema, readFormValues(await request.formData()));
  if (!submission.ok) return refuseSubmission(submission.errors);
  try {
    const order = await c.services.credits.createOrder(submission.value.package, submission.value.discount_code);
    return redirect(`/credits/${order.id}`);
  } catch (error) {
    return refuseWithError(error);
  }
}

export const handle = defineRouteHandle({ messages: ['credits'] });

export default function CreditsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { shop, code, codeError } = loaderData;
  const errors = useFormErrorTexts(findFormErrors(actionData));
  const error = Object.values(errors)[0];
  return (
    <main className="container credits-page">
      <PageTitle title={`${t('credits.title')} · ${loaderData.siteName}`} />
      <h1>{t('credits.title')}</h1>
      <p className="lead">{t('credits.intro')}</p>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {shop.discount ? (
        <p className="alert alert-success" data-testid="discount-active">
          {t('credits.discount_active', { percentage: shop.discount.percentage })}
        </p>
      ) : null}
      <PackageCards shop={shop} discountCode={codeError ? null : code} buy="order" />
      <DiscountCodeForm code={code} error={codeError} applied={codeError ? null : (shop.discount?.code ?? null)} />
    </main>
  );
}
