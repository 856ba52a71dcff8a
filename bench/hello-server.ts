// The API benches' baseline: a bare Fastify hello-world, in a process of its own. It loads the Fastify the server
// depends on (resolved from apps/server, which lists it), so baseline and app run the same framework version.
import { createRequire } from 'node:module';

/** The little of Fastify this uses (the root package does not list fastify, so its types are not imported here). */
type BareFastify = {
  get(path: string, handler: () => Promise<unknown>): void;
  listen(options: { port: number; host: string }): Promise<string>;
};

const serverRequire = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { fastify } = serverRequire('fastify') as { fastify: () => BareFastify };

const app = fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? 'localhost' });
