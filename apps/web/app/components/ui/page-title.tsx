import { useEffect } from 'react';

/** Sets document.title from an effect; pages whose route `meta` has the title need nothing. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The document title: React 19 hoists <title> into <head>, on the server and on navigation in the browser. */
export function PageTitle({ title }: { title: string }) {
  return <title>{title}</title>;
}
