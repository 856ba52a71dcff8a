import type { RouteOptions } from 'fastify';

/** Methods that change nothing: no client-header, cross-site or replay check applies to them. */
export const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route's hooks of one kind with `hook` added last (a route holds none, one, or a list). */
export function appendRouteHook<Hook>(existing: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/** Whether a route answers any method that may change state (not only GET, HEAD and OPTIONS). */
export function takesStateChangingMethod(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => !safeMethods.has(method.toUpperCase()));
}
