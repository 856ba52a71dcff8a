import { messageFilePath } from '@app/shared/i18n/message-namespaces';
import { appleTouchIcon, appManifestPath, appThemeColor } from '@app/shared/sites/installed-app';
import { defaultSiteTimeZone, type SiteSettings } from '@app/shared/sites/site-settings';
import { isSmartphoneRequest } from '@app/shared/sites/smartphone';
import { type ReactNode, useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { usePageLinkNavigation } from './components/ui/page-link.tsx';
import { webContext } from './context.ts';
import { SessionUserProvider } from './features/accounts/session-refresh.tsx';
import { rememberTracking } from './features/accounts/tracking.ts';
import { ChunkReloadGuard } from './features/shell/chunk-reload-guard.tsx';
import { GuardedErrorPage } from './features/shell/error-page.tsx';
import { useInstalledApp } from './features/shell/installed-app.tsx';
import { LoadingBar } from './features/shell/loading-bar.tsx';
import { I18nProvider } from './lib/i18n.tsx';
import { defineRouteHandle, groupPageMessages, pageNeedsNoScript } from './lib/route-handle.ts';
import './styles/app.scss';

/** The site settings the shell and its forms read in the browser; loaders read the rest from the context. */
function pickShellSettings(settings: SiteSettings) {
  const { name, countries, us_footer, enable_site_entry_popup, geoip_selected_country, support_email } = settings;
  // The fictional label of the like and match modals, which the shell shows on any page.
  const { fictional_icon, fictional_singular } = settings;
  return {
    name,
    countries,
    us_footer,
    enable_site_entry_popup,
    geoip_selected_country,
    support_email,
    fictional_icon,
    fictional_singular,
    // The site's clock, on which error texts show times (the end of a cool-off).
    time_zone: settings.time_zone ?? defaultSiteTimeZone,
    // The key a browser subscribes to pushes with (features/push/push-client.ts).
    push_public_key: settings.push_public_key,
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = context.get(webContext);
  // The badges and the title count show from the first paint; the realtime news and the refreshes keep them current.
  const [newLikes, unreadMessages] = c.user
    ? await Promise.all([c.services.likes.countNewLikes(), c.services.chat.countUnread()])
    : [0, 0];
  // No messages: the browser loads the namespaces its pages declare from files it keeps (lib/browser-messages.ts).
  return {
    locale: c.locale,
    messagesVersion: c.messagesVersion,
    settings: pickShellSettings(c.settings),
    company: c.company,
    visitorCountry: c.visitorCountry,
    chosenCountry: c.chosenCountry,
    entryWarningDismissed: c.entryWarningDismissedAt !== null,
    user: c.user,
    // The server's clock when it rendered: a countdown (the time bonus) hydrates from it, then counts on.
    serverTime: Date.now(),
    newLikes,
    unreadMessages,
    smartphone: isSmartphoneRequest((name) => request.headers.get(name)),
  };
}

/** What every page may translate: its error page. */
export const handle = defineRouteHandle({ messages: ['error_page'] });

// The language and settings change only with the language, and the member with a form's action (logging in,
// signing up, a changed profile): not on a plain navigation.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;

function useBodyClass(loggedIn: boolean): string {
  const matches = useMatches();
  const installedApp = useInstalledApp();
  const leaf = matches[matches.length - 1];
  const classes = [loggedIn ? 'logged-in' : 'logged-out'];
  if (leaf?.id !== 'index') classes.push('not-index');
  if (installedApp) classes.push('is-pwa');
  return classes.join(' ');
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const matches = useMatches();
  const bodyClass = useBodyClass(!!data?.user);
  // Only the server leaves scripts out: a page in the browser runs them already (it came by client navigation).
  const withScripts = !import.meta.env.SSR || !pageNeedsNoScript(matches);
  const messageGroups = groupPageMessages(matches);
  // The page is live: hydrated, and the effects of everything inside <html> have run (they run before this one).
  // Browser journeys wait for it before they use a form that posts through the API, not for a quiet network.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // In the layout, so that page links move inside the document on an error page too.
  usePageLinkNavigation();
  const page = (
    <html lang={data?.locale ?? 'nl'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={appThemeColor} />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        {/* Browsers fetch the manifest without cookies: it is told the page's language. */}
        <link rel="manifest" href={`${appManifestPath}?lang=${data?.locale ?? 'nl'}`} />
        <link rel="apple-touch-icon" href={appleTouchIcon.path} />
        <Meta />
        {/* Stylesheet links need no CSP nonce (style-src 'self'); the browser hides a nonce from the DOM, so one
            would not match on hydration. Scripts get theirs from <ServerRouter nonce> (entry.server.tsx). */}
        <Links nonce="" />
        {/* The page's message files load beside its scripts; hydration waits for them (entry.client.tsx). After
            a client navigation the browser already has them (lib/i18n.tsx loads them before the page shows). */}
        {withScripts && data
          ? messageGroups.map((group) => (
              <link
                key={group.join()}
                rel="preload"
                as="fetch"
                crossOrigin="anonymous"
                href={messageFilePath(data.messagesVersion, data.locale, group)}
              />
            ))
          : null}
      </head>
      <body className={bodyClass}>
        {children}
        {withScripts ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
  return data ? (
    <I18nProvider locale={data.locale} version={data.messagesVersion} groups={messageGroups}>
      {page}
    </I18nProvider>
  ) : (
    page
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  useEffect(() => rememberTracking(location.search), [location.search]);
  return (
    <SessionUserProvider initialUser={loaderData.user}>
      <LoadingBar />
      <ChunkReloadGuard />
      <Outlet />
    </SessionUserProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GuardedErrorPage error={error} />;
}
