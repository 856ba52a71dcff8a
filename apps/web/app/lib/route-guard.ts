import { type RouterContextProvider, redirect } from 'react-router';
import { webContext } from '../context.ts';

/** Members-only pages: a visitor goes to the login page and comes back here after it. */
export function requireMember(context: Readonly<RouterContextProvider>, request: Request) {
  const c = context.get(webContext);
  if (!c.user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { ...c, user: c.user };
}
