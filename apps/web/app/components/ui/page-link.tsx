import { type AnchorHTMLAttributes, useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * A link to a page of this site as a plain anchor: `usePageLinkNavigation` (once, in the root layout) moves to it
 * inside the document, as React Router's `<Link>` would. For the links every page repeats (navigation, footer, tab
 * bar) and member cards: each `<Link>` resolves its path through about ten hooks on every server render (decision
 * 027). A link that needs more than an absolute path (state, replace, relative paths, a ref) stays a `<Link>`.
 */
export function PageLink({ to, ...anchor }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return <a {...anchor} href={to} data-page-link="" />;
}

/** The anchor a click should move to inside the page, or null where the browser must handle it itself. */
function findPageLinkTarget(event: MouseEvent, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[data-page-link]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/** Moves to a `PageLink`'s page without loading a document; a link to the page shown replaces its history entry. */
export function usePageLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    // After React's listener on the document: every React onClick has run, so one that prevented the default wins
    // (and the click then does nothing, as a prevented click on any anchor does).
    const onClick = (event: MouseEvent) => {
      const path = findPageLinkTarget(event, window.location.origin);
      if (path === null) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      void navigate(path, { replace: path === pathname + search + hash });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
