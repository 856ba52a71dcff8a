import { countryCookieName, languageMenu } from '@app/shared/i18n/language-menu';
import { isLocale, localeCookieMaxAgeSeconds, localeCookieName } from '@app/shared/i18n/locales';
import { data, redirect } from 'react-router';
import { webContext } from '../../context.ts';
import { preferenceCookie, safeRedirectPath } from '../../lib/cookies.ts';
import type { Route } from './+types/language';

/** POST /lang: stores the chosen language (and country) in cookies, and on a member's account, and goes back. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  // The language menu's buttons name `country:locale`; the language page's form sends the two fields.
  const choice = form.get('choice');
  const [country, locale] =
    typeof choice === 'string' ? choice.split(':', 2) : [form.get('country'), form.get('locale')];
  const c = context.get(webContext);
  // Only a hand-made post names another language (the menu and the language page offer the known ones): refused
  // as the API refuses bad input, in the visitor's language, and nothing is stored.
  if (!isLocale(locale)) {
    const message = c.translate('errors.validation_failed', { field: 'locale' });
    throw data({ error: 'validation_failed', message, field: 'locale' }, { status: 400 });
  }
  await c.services.accounts.updateLanguage(locale);
  const headers = new Headers();
  headers.append('set-cookie', preferenceCookie(request, localeCookieName, locale, localeCookieMaxAgeSeconds));
  if (typeof country === 'string' && languageMenu.some((entry) => entry.country === country)) {
    headers.append('set-cookie', preferenceCookie(request, countryCookieName, country, localeCookieMaxAgeSeconds));
  }
  // Back to the page the choice was made on: a client-side navigation with JavaScript, a reload without.
  return redirect(safeRedirectPath(form.get('redirectTo')), { headers });
}
