import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';

// Its own chunk, loaded when the modal opens: the form brings zod, which no page needs on first load. The server
// renders it in place (a page without script, or a link with `?signup=modal`).
const SignupForm = lazy(() => import('./signup-form.tsx').then((module) => ({ default: module.SignupForm })));

// The query parameter that opens the modal (`?signup=modal`); the default layout reads it too.
const signupModalParam = 'signup';

/** The current page with the signup modal open (`?signup=modal`), or without it. */
function withSignupModal(search: string, open: boolean): string {
  const params = new URLSearchParams(search);
  if (open) params.set(signupModalParam, 'modal');
  else params.delete(signupModalParam);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The signup form over the page while `?signup=modal` is set; the server renders it open, script or not. */
export function SignupModal() {
  const { t } = useI18n();
  const { user } = useRootData();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  if (user || params.get(signupModalParam) !== 'modal') return null;
  const closeHref = location.pathname + withSignupModal(location.search, false);
  return (
    <Modal
      id="signup-modal"
      title={t('signup.title')}
      closeHref={closeHref}
      onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
    >
      <p className="text-body-secondary">{t('signup.intro')}</p>
      <Suspense fallback={<p className="placeholder-glow" aria-busy="true" />}>
        <SignupForm />
      </Suspense>
    </Modal>
  );
}

/**
 * A signup button: on a smartphone the page /signup (spec), elsewhere the modal over the current page. The server
 * picks from the request (root data), so the link is right before and without script.
 */
export function SignupLink(props: { className: string; children: ReactNode; testId?: string }) {
  const { smartphone } = useRootData();
  const location = useLocation();
  return (
    <Link
      className={props.className}
      to={smartphone ? '/signup' : withSignupModal(location.search, true)}
      preventScrollReset={!smartphone}
      data-testid={props.testId}
    >
      {props.children}
    </Link>
  );
}
