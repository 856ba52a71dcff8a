import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router';
import { webContext } from './context.ts';
import { ServerTranslatorContext } from './lib/i18n.tsx';
import { pageNeedsNoScript } from './lib/route-handle.ts';

// React Router's Node entry, rendering the whole page before sending it, plus the page's CSP nonce: the
// Content-Security-Policy header allows only inline scripts that carry it (React Router's context, route modules
// and data, and React's own).

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const page = loadContext.get(webContext);
  const nonce = page.cspNonce || undefined;
  // The server may share a page without script among visitors (plugins/visitor-pages.ts).
  const { matches, loaderData } = routerContext.staticHandlerContext;
  page.rendered.noScript = pageNeedsNoScript(
    matches.map((match) => ({
      handle: routerContext.routeModules[match.route.id]?.handle,
      loaderData: loaderData[match.route.id],
    })),
  );

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // Every loader has finished before the render starts (no page defers data), so the whole page is ready almost
    // as soon as its shell: it is sent as one buffer, compressed in one call, instead of a stream of small chunks
    // each passing through three stream adapters and the compressor (a third of a page's CPU, bench/pages.ts).
    const { pipe, abort } = renderToPipeableStream(
      <ServerTranslatorContext value={page.translate}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerTranslatorContext>,
      {
        nonce,
        // React moves a Suspense boundary of over 500 bytes that comes after the first 12.8 KB to the end of the
        // page and reveals it with a script, even when it is ready. Every boundary stays in place: the whole page is
        // sent at once anyway, and what a boundary holds (the time bonus's banner) shows without script and without
        // shifting the page when the script runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and reach handleError.
          if (shellRendered) page.logError(error);
        },
      },
    );
  });
}

/** Loader, action and render errors go to the server's log, which redacts query parameters and personal data. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as RouterContextProvider).get(webContext).logError(error);
};
