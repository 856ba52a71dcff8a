import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { subscribeToMediaQuery } from '../../lib/media-query.ts';
import { useRootData } from '../../lib/root-data.ts';

// Loaded when the modal opens: the form brings zod, which no page needs on first load.
const SignupForm = lazy(() => import('./signup-form.tsx').then((module) => ({ default: module.SignupForm })));

const signupModalParam = 'signup';

/** On a smartphone signup opens as a modal over the page (`?signup=modal`); on a desktop it is the /signup page. */
function signupHref(search = ''): string {
  const params = new URLSearchParams(search);
  params.set(signupModalParam, 'modal');
  return `?${params.toString()}`;
}

const smartphoneQuery = '(max-width: 767.98px)';

function isSmartphone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(smartphoneQuery).matches;
}

const subscribeToWidth = subscribeToMediaQuery(smartphoneQuery);

/** Whether the screen is phone-sized; null on the server and while hydrating, so both render the same. */
export function useSmartphone(): boolean | null {
  return useSyncExternalStore(subscribeToWidth, isSmartphone, () => null);
}

export function SignupModal() {
  const { t } = useI18n();
  const { user } = useRootData();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (user || params.get(signupModalParam) !== 'modal') return null;
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete(signupModalParam);
    navigate({ search: next.toString() }, { replace: true, preventScrollReset: true });
  };
  return (
    <Modal id="signup-modal" title={t('signup.title')} onClose={close}>
      <p className="text-body-secondary">{t('signup.intro')}</p>
      <Suspense fallback={<p className="placeholder-glow" aria-busy="true" />}>
        <SignupForm />
      </Suspense>
    </Modal>
  );
}

/** A signup button: the page on a desktop, the modal on a smartphone. */
export function SignupLink(props: { className: string; children: ReactNode; testId?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Link
      className={props.className}
      to="/signup"
      data-testid={props.testId}
      onClick={(event) => {
        if (!isSmartphone()) return;
        event.preventDefault();
        navigate(signupHref(location.search), { preventScrollReset: true });
      }}
    >
      {props.children}
    </Link>
  );
}
