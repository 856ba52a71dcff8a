import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { webContext } from './context.ts';
import { I18nProvider, useI18n } from './features/i18n/i18n.tsx';
import './app.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, messages, settings } = context.get(webContext);
  return { locale, messages, settings };
}

// The catalog and settings change only with the language; other navigations keep them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === '/lang' ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale = data?.locale ?? 'nl';
  const page = (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#d14470" />
        <link rel="icon" href="/favicon.ico" sizes="any" />
        <Meta />
        <Links />
      </head>
      <body>
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
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

function ErrorPage({ error }: { error: unknown }) {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) return <p>{isRouteErrorResponse(error) ? `${error.status}` : 'Error'}</p>;
  return <TranslatedErrorPage error={error} />;
}

function TranslatedErrorPage({ error }: { error: unknown }) {
  const { t } = useI18n();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status === 404 ? t('error_page.not_found') : t('error_page.default_message');
  return (
    <main className="error-page">
      <title>{`${status} · ${message}`}</title>
      <h1>{status}</h1>
      <p>{message}</p>
      <a href="/">{t('error_page.back_home')}</a>
    </main>
  );
}
