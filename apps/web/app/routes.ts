import { index, type RouteConfig, route } from '@react-router/dev/routes';

// One line per route of the spec's route table, added as each area is built.
export default [index('routes/home/home.tsx'), route('*', 'routes/errors/not-found.tsx')] satisfies RouteConfig;
