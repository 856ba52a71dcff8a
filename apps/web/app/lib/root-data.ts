import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The data every page has: language, site settings, company, visitor and user. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root data missing');
  return data;
}

/** Whether the app has a page at this path, so that no link leads to a part not built yet. */
export function usePathAvailable(path: string): boolean {
  return useRootData().knownPaths.includes(path);
}
