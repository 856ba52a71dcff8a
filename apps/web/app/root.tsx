import { Component, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { webContext } from './context.ts';
import { ChunkReloadGuard } from './features/shell/chunk-reload-guard.tsx';
import { useInstalledApp } from './features/shell/installed-app.tsx';
import { LoadingBar } from './features/shell/loading-bar.tsx';
import { I18nProvider, useI18n, useOptionalI18n } from './lib/i18n.tsx';
import './styles/app.scss';

export async function loader({ context }: Route.LoaderArgs) {
  const c = context.get(webContext);
  // Legal texts are long: each legal page loads its own; every other text ships once with the root.
  const messages = Object.fromEntries(Object.entries(c.messages).filter(([key]) => !key.startsWith('legal.')));
  return {
    locale: c.locale,
    messages,
    settings: c.settings,
    company: c.company,
    visitorCountry: c.visitorCountry,
    chosenCountry: c.chosenCountry,
    entryWarningDismissed: c.entryWarningDismissedAt !== null,
    user: c.user,
    knownPaths: c.knownPaths,
  };
}

// The catalog and settings change only with the language (or after logging in or out).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === '/lang' || formAction?.startsWith('/api/') ? defaultShouldRevalidate : false;

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
  const bodyClass = useBodyClass(!!data?.user);
  const page = (
    <html lang={data?.locale ?? 'nl'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#d14470" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className={bodyClass}>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
  return data ? (
    <I18nProvider locale={data.locale} messages={data.messages}>
      {page}
    </I18nProvider>
  ) : (
    page
  );
}

export default function App() {
  return (
    <>
      <LoadingBar />
      <ChunkReloadGuard />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPageGuard error={error}>
      <ErrorPage error={error} />
    </ErrorPageGuard>
  );
}

function ErrorPage({ error }: { error: unknown }) {
  const { t } = useI18n();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? t('error_page.not_found')
      : isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
        ? error.data
        : t('error_page.default_message');
  return (
    <main className="error-page container" data-testid="error-page">
      <title>{`${status} · ${message}`}</title>
      <p className="error-page-status">{status}</p>
      <h1 className="h3">{message}</h1>
      <Link className="btn btn-primary mt-3" to="/">
        {t('error_page.back_home')}
      </Link>
    </main>
  );
}

/** If the error page itself cannot be shown, a plain page with the details and a way home. */
class ErrorPageGuard extends Component<{ error: unknown; children: ReactNode }, { failure: unknown }> {
  override state = { failure: null as unknown };
  static getDerivedStateFromError(failure: unknown) {
    return { failure };
  }
  override render() {
    if (!this.state.failure) return this.props.children;
    return <ErrorPageFallback failure={this.state.failure} original={this.props.error} />;
  }
}

function ErrorPageFallback(props: { failure: unknown; original: unknown }) {
  const i18n = useOptionalI18n();
  const describe = (value: unknown) => (value instanceof Error ? value.message : String(value));
  return (
    <main className="error-page container">
      <h1 className="h4">{i18n?.t('error_page.render_failed') ?? 'An error occurred while showing the error page'}</h1>
      <pre className="error-page-details">
        {describe(props.original)}
        {'\n'}
        {describe(props.failure)}
      </pre>
      <a href="/">{i18n?.t('error_page.back_home') ?? 'Back to the home page'}</a>
    </main>
  );
}
