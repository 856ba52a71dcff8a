import { useEffect } from 'react';
import { runsOnPreact } from '../../lib/browser-runtime.ts';

/** Keeps document.title in step in the browser, where Preact leaves the server's <head> alone. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The document title: React renders it into <head> on the server; in the browser it is set directly. */
export function PageTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return runsOnPreact ? null : <title>{title}</title>;
}
