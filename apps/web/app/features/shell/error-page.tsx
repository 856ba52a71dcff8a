import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useI18n, useOptionalI18n } from '../../lib/i18n.tsx';

/** The error page: the message (default "Error") and the status (default 500); a 404 links home. */
export function ErrorPage({ error }: { error: unknown }) {
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
      <PageTitle title={`${status} · ${message}`} />
      <p className="error-page-status">{status}</p>
      <h1 className="h3">{message}</h1>
      <Link className="btn btn-primary mt-3" to="/">
        {t('error_page.back_home')}
      </Link>
    </main>
  );
}

/** The error page, with a plain fallback (details and a link home) if showing it fails in turn. */
export function GuardedErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageGuard error={error}>
      <ErrorPage error={error} />
    </ErrorPageGuard>
  );
}

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
