import { AppError } from '@app/shared/errors/app-error';
import { unsubscribeFormSchema } from '@app/shared/notifications/notification-mails';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/unsubscribe';

/**
 * What the link stops, read from its token; nothing changes here (mail scanners open links). After the confirmation
 * (`?done=1`, post/redirect/get) the page says it is done.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const c = context.get(webContext);
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  const type = token.length <= 200 ? await c.services.notificationMails.findUnsubscribeType(token) : null;
  return { token, type, done: params.get('done') === '1' };
}

/** The confirm button: that kind of mail off for the link's member, logged in or not. */
export async function action({ context, request }: Route.ActionArgs) {
  const c = context.get(webContext);
  const parsed = unsubscribeFormSchema.safeParse({ token: (await request.formData()).get('token') ?? '' });
  if (!parsed.success) return { error: 'unsubscribe_link_invalid' as const };
  try {
    await c.services.notificationMails.unsubscribeType(parsed.data.token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unsubscribe_link_invalid') return { error: error.code };
    throw error;
  }
  throw redirect(`/unsubscribe?${new URLSearchParams({ token: parsed.data.token, done: '1' })}`);
}

export const handle = defineRouteHandle({ messages: ['unsubscribe'] });

/** /unsubscribe?token=…: the per-type link of every notification mail. */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { settings } = useRootData();
  const busy = useNavigation().state === 'submitting';
  const { token, type, done } = loaderData;

  if (!type || actionData?.error) {
    return (
      <main className="container narrow-page text-center">
        <PageTitle title={`${t('unsubscribe.invalid_title')} · ${settings.name}`} />
        <h1 className="h3">{t('unsubscribe.invalid_title')}</h1>
        <p role="alert" data-testid="unsubscribe-invalid">
          {t('unsubscribe.invalid_body')}
        </p>
        <Link className="btn btn-outline-primary" to="/settings#notifications">
          {t('unsubscribe.settings_link')}
        </Link>
      </main>
    );
  }
  if (done) {
    return (
      <main className="container narrow-page text-center activate-result">
        <PageTitle title={`${t('unsubscribe.done_title')} · ${settings.name}`} />
        <p className="activate-icon text-success">
          <Icon name="shield-check" />
        </p>
        <h1 className="h3">{t('unsubscribe.done_title')}</h1>
        <p data-testid="unsubscribe-done">{t('unsubscribe.done_body')}</p>
        <Link className="btn btn-primary" to="/settings#notifications">
          {t('unsubscribe.settings_link')}
        </Link>
      </main>
    );
  }
  return (
    <main className="container narrow-page text-center">
      <PageTitle title={`${t('unsubscribe.title')} · ${settings.name}`} />
      <h1 className="h3">{t('unsubscribe.title')}</h1>
      <p data-testid="unsubscribe-stops">{t(`unsubscribe.stops.${type}`)}</p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('unsubscribe.confirm')}
        </button>
      </Form>
    </main>
  );
}
