import { lazy, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createRequestHandler,
  type EntryContext,
  type MiddlewareFunction,
  Outlet,
  RouterContextProvider,
  redirect,
  Scripts,
  type ServerBuild,
  ServerRouter,
  useLoaderData,
} from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type WebRequestContext, webContext } from './context.ts';
import handleRequest from './entry.server.tsx';
import { collectPiped } from './lib/server-render.server.ts';
import { withServerRouteMatching } from './lib/server-route-matching.server.ts';

const nonce = 'bm9uY2UtZm9yLXRlc3Q=';

/** React Router's stock render: its `StreamTransfer` writes the data inside the page (what the entry replaces). */
function stockEntry(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<ServerRouter context={context} url={request.url} nonce={nonce} />, {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        collectPiped(pipe).then((bytes) => {
          headers.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(bytes, { status, headers }));
        }, reject);
      },
      onShellError: reject,
    });
  });
}

function Root() {
  return (
    <html lang="nl">
      <head>
        <title>Test</title>
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function Broken(): React.ReactNode {
  throw new Error('broken part');
}

// Like the app's lazy parts: the module loads on the first render after a start.
const LazyPart = lazy(
  () =>
    new Promise<{ default: () => React.ReactNode }>((resolve) => {
      setTimeout(() => resolve({ default: () => <p>lazy part</p> }), 5);
    }),
);

function Page() {
  const data = useLoaderData<{ text: string; fail: boolean; lazy: boolean }>();
  return (
    <main>
      <p>{data.text}</p>
      <Suspense fallback={<p>later</p>}>{data.fail ? <Broken /> : data.lazy ? <LazyPart /> : <p>part</p>}</Suspense>
    </main>
  );
}

type Entry = ServerBuild['entry']['module']['default'];

function Area() {
  return (
    <section>
      <Outlet />
    </section>
  );
}

function createHandler(entry: Entry, discovery: 'initial' | 'lazy', serverMatching = false) {
  const route = (
    id: string,
    parentId: string | undefined,
    path: string | undefined,
    module: Record<string, unknown>,
    index?: boolean,
  ) => ({
    id,
    parentId,
    path,
    index,
    module,
    manifest: {
      id,
      parentId,
      path,
      index,
      module: `/assets/${id}.js`,
      imports: [],
      hasLoader: 'loader' in module,
      hasAction: false,
      hasClientLoader: false,
      hasClientAction: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
      hasDefaultExport: true,
    },
  });
  // As middleware may: put another Response in the page's place.
  const replacePage: MiddlewareFunction<Response> = async ({ request }, next) => {
    const response = await next();
    if (!new URL(request.url).searchParams.has('replace')) return response;
    return new Response('replaced', { status: 403, headers: { 'content-type': 'text/plain' } });
  };
  const routes = [
    route('root', undefined, '', { default: Root, middleware: [replacePage] }),
    route('moved', 'root', 'moved', { default: Page, loader: () => redirect('/page') }),
    route('crash', 'root', 'crash', { default: Broken }),
    // A pathless layout with an index route, as the app's layouts: a page's branch then has three routes.
    route('area', 'root', undefined, { default: Area }),
    route('area-index', 'area', undefined, { default: () => <p>home</p> }, true),
    route('inside', 'area', 'inside', { default: () => <p>inside</p>, loader: () => ({ inside: true }) }),
    route('page', 'root', 'page', {
      default: Page,
      loader: ({ request }: { request: Request }) => ({
        text: '</script><script>alert(1)</script> & \u2028 “quoted” é',
        fail: new URL(request.url).searchParams.has('fail'),
        lazy: new URL(request.url).searchParams.has('lazy'),
      }),
    }),
  ];
  const build = {
    entry: { module: { default: entry, streamTimeout: 5_000 } },
    routes: Object.fromEntries(routes.map(({ manifest: _manifest, ...entryRoute }) => [entryRoute.id, entryRoute])),
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [] },
      url: '/assets/manifest.js',
      version: '1',
      routes: Object.fromEntries(routes.map((entryRoute) => [entryRoute.id, entryRoute.manifest])),
    },
    publicPath: '/',
    assetsBuildDirectory: '/tmp',
    // As the app's build has it: React Router's own flags.
    future: { unstable_enableNodeReadableStream: false, unstable_optimizeDeps: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    basename: '/',
    routeDiscovery: { mode: discovery },
  } as unknown as ServerBuild;
  return createRequestHandler(serverMatching ? withServerRouteMatching(build) : build, 'production');
}

async function renderPage(
  entry: Entry,
  path: string,
  method = 'GET',
  discovery: 'initial' | 'lazy' = 'initial',
  serverMatching = false,
) {
  const logged: string[] = [];
  const context = new RouterContextProvider();
  const page = {
    cspNonce: nonce,
    translate: (key: string) => key,
    rendered: { noScript: false },
    logError: (error: unknown) => logged.push(error instanceof Error ? error.message : String(error)),
  } as unknown as WebRequestContext;
  context.set(webContext, page);
  const handler = createHandler(entry, discovery, serverMatching);
  const response = await handler(new Request(`http://localhost${path}`, { method }), context);
  // Ours hands the document over in the page context with its body-less Response, and plugins/web.ts sends it only
  // with that very Response; React Router's stock entry answers it as the Response's body.
  const handed = page.rendered.document;
  const handedOver = handed?.response === response;
  const html = handedOver ? handed.parts.join('') : await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    html,
    handedOver,
    documentLeft: handed !== undefined,
    logged,
  };
}

describe('the server entry', () => {
  it('writes the page and its hydration data as React Router does, without its Suspense marks', async () => {
    const ours = await renderPage(handleRequest, '/page');
    const stock = await renderPage(stockEntry, '/page');
    expect(ours.status).toBe(200);
    expect(ours.handedOver).toBe(true);
    expect(ours.html).toContain('streamController.enqueue(');
    expect(ours.html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(ours.html.startsWith('<!DOCTYPE html><html lang="nl">')).toBe(true);
    // The same page and data; only the Suspense boundaries around React Router's data scripts are gone.
    const withoutMarks = (html: string) => html.replaceAll('<!--$-->', '').replaceAll('<!--/$-->', '');
    expect(withoutMarks(ours.html)).toBe(withoutMarks(stock.html));
    expect(ours.html).toContain('<!--$--><p>part</p><!--/$-->');
    expect(ours.html.endsWith('streamController.close();</script></body></html>')).toBe(true);
    expect(ours.logged).toEqual([]);
  });

  it('renders every page as React Router does with the whole manifest, with either route discovery', async () => {
    // React Router prints each 404 and render error (its default error boundary, its default error handler).
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => printed.mockRestore());
    const withoutMarks = (html: string) => html.replaceAll('<!--$-->', '').replaceAll('<!--/$-->', '');
    for (const discovery of ['initial', 'lazy'] as const) {
      for (const path of ['/', '/inside', '/page', '/nowhere', '/crash']) {
        const ours = await renderPage(handleRequest, path, 'GET', discovery);
        const stock = await renderPage(stockEntry, path, 'GET', discovery);
        expect([path, discovery, ours.status]).toEqual([path, discovery, stock.status]);
        expect(withoutMarks(ours.html)).toBe(withoutMarks(stock.html));
      }
    }
    // Lazy discovery writes the routes near the address into the page: here the index route that '/' matches.
    const lazy = await renderPage(handleRequest, '/page', 'GET', 'lazy');
    expect(lazy.html).toContain('"area-index"');
  });

  it("renders every page the same with the server's route matching, and the page's script never learns of it", async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => printed.mockRestore());
    for (const path of ['/', '/inside', '/page', '/nowhere', '/moved']) {
      const matched = await renderPage(handleRequest, path, 'GET', 'initial', true);
      const regular = await renderPage(handleRequest, path, 'GET', 'initial');
      expect([path, matched.status, matched.html]).toEqual([path, regular.status, regular.html]);
    }
    // A browser router told of the flag would need route-pattern's matcher loaded, and fail without it.
    const page = await renderPage(handleRequest, '/page', 'GET', 'initial', true);
    expect(page.html).toContain('"future":{"unstable_enableNodeReadableStream":false,"unstable_optimizeDeps":false}');
    // The one path the two matchers read differently: route-pattern's is in use.
    expect((await renderPage(handleRequest, '//', 'GET', 'initial', true)).status).toBe(404);
    expect((await renderPage(handleRequest, '//', 'GET', 'initial')).status).toBe(200);
  });

  it('renders a page whose lazy part is not loaded yet as a stream that waits for it, the same page as later', async () => {
    const first = await renderPage(handleRequest, '/page?lazy=1');
    const later = await renderPage(handleRequest, '/page?lazy=1');
    const stock = await renderPage(stockEntry, '/page?lazy=1');
    expect(first.status).toBe(200);
    expect([first.handedOver, later.handedOver]).toEqual([true, true]);
    expect(first.html).toContain('<!--$--><p>lazy part</p><!--/$-->');
    expect(first.html).toBe(later.html);
    const withoutMarks = (html: string) => html.replaceAll('<!--$-->', '').replaceAll('<!--/$-->', '');
    expect(withoutMarks(first.html)).toBe(withoutMarks(stock.html));
  });

  it('answers 500 and logs a part that fails inside a Suspense boundary', async () => {
    const ours = await renderPage(handleRequest, '/page?fail=1');
    expect(ours.status).toBe(500);
    expect(ours.handedOver).toBe(true);
    expect(ours.logged).toEqual(['broken part']);
    expect(ours.html).toContain('<!--$!-->');
    expect(ours.html).toContain('streamController.close();</script></body></html>');
  });

  it('hands over the error page when the render throws, and no document for HEAD or a redirect', async () => {
    const crash = await renderPage(handleRequest, '/crash');
    expect(crash.status).toBe(500);
    expect(crash.handedOver).toBe(true);
    expect(crash.html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(crash.html).not.toContain('broken part</');
    const head = await renderPage(handleRequest, '/page', 'HEAD');
    expect([head.status, head.documentLeft, head.html]).toEqual([200, false, '']);
    expect(head.contentType).toBe('text/html; charset=utf-8');
    const moved = await renderPage(handleRequest, '/moved');
    expect([moved.status, moved.documentLeft]).toEqual([302, false]);
  });

  it('leaves a document unsent when middleware puts another Response in its place', async () => {
    const replaced = await renderPage(handleRequest, '/page?replace');
    expect(replaced.documentLeft).toBe(true);
    expect(replaced.handedOver).toBe(false);
    expect([replaced.status, replaced.html]).toEqual([403, 'replaced']);
  });
});
