import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The data every page has: language, site settings, company, visitor and user. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root data missing');
  return data;
}
