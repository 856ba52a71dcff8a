import type { FastifyInstance } from 'fastify';

type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
/** What the router keeps per variant (its handlers), opaque here. */
type Handlers = ReturnType<ReturnType<Strategy['storage']>['get']>;

/**
 * Routes the spec gives the path of another and tells apart by a query parameter (`POST /api/user.php?push=1` beside
 * the login at `POST /api/user.php`). A route with `constraints: { queryVariant: 'push=1' }` answers when the query
 * has `push=1`; any other query goes to the plain route. The API document lists it as `/api/user.php?push=1`.
 */
const queryVariantStrategy: Strategy = {
  name: 'queryVariant',
  storage() {
    const variants = new Map<string, Handlers>();
    const matches = (variant: string, params: URLSearchParams) => {
      const [name = '', value = ''] = variant.split('=');
      return params.get(name) === value;
    };
    return {
      // Called with a route's variant while routes are added, and with a request's query when one is matched.
      get(query: unknown) {
        const params = new URLSearchParams(String(query));
        for (const [variant, handlers] of variants) if (matches(variant, params)) return handlers;
        return null;
      },
      set(variant: unknown, handlers: Handlers) {
        variants.set(String(variant), handlers);
      },
    };
  },
  // Runs for every request: only a slice of the URL, the query is parsed where a variant is registered.
  deriveConstraint(request) {
    const url = request.url ?? '';
    const start = url.indexOf('?');
    return start < 0 ? undefined : url.slice(start + 1);
  },
  mustMatchWhenDerived: false,
  validate(value: unknown) {
    if (typeof value !== 'string' || !/^[a-z_]+=[a-z0-9_]+$/.test(value)) {
      throw new Error(`a query variant is name=value, not ${String(value)}`);
    }
  },
};

export function registerQueryVariants(app: FastifyInstance) {
  if (!app.hasConstraintStrategy(queryVariantStrategy.name)) app.addConstraintStrategy(queryVariantStrategy);
}

/** The path the API document lists a route under: with its query variant, if it has one. */
export function documentedPath(url: string, constraints: Record<string, unknown> | undefined): string {
  const variant = constraints?.queryVariant;
  return typeof variant === 'string' ? `${url}?${variant}` : url;
}
