import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useOptionalI18n } from '../../lib/i18n.tsx';

/** Texts for an error page without the catalog, as in the fallback below. */
const uncataloguedTexts: Record<string, string> = {
  'error_page.default_message': 'Error',
  'error_page.not_found': 'This page could not be found',
  'error_page.back_home': 'Back to the home page',
};

/** The error page: the message (default "Error") and the status (default 500); a 404 links home. */
function ErrorPage({ error }: { error: unknown }) {
  // Without the catalog when the request failed before the root loader ran (a form post to a page without an
  // action: 405). Rendering must not fail then: on the server that would turn the 4xx into a 500.
  const i18n = useOptionalI18n();
  const t = i18n?.t ?? ((key: string) => uncataloguedTexts[key] ?? key);
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
