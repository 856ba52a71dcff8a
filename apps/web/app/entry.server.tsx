import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router';
import { webContext } from './context.ts';
import { ServerTranslatorContext } from './lib/i18n.tsx';
import { pageNeedsNoScript } from './lib/route-handle.ts';
import { completeDocument, handoffScripts, readHandoff, rendersWhole } from './lib/server-render.server.ts';

// React Router's Node entry, rendering the whole page before sending it, plus the page's CSP nonce: the
// Content-Security-Policy header allows only inline scripts that carry it (React Router's context, route modules
// and data, and React's own).

export const streamTimeout = 5_000;

export default async function handleRequest(
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
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  const app = (context: EntryContext) => (
    <ServerTranslatorContext value={page.translate}>
      <ServerRouter context={context} url={request.url} nonce={nonce} />
    </ServerTranslatorContext>
  );

  // Every loader has finished before the render starts (no page defers data), so the page is rendered to one string
  // in one pass, its hydration data written after it as React Router's own stream would write it: no stream of byte
  // chunks, no suspending on the data, no second pass (bench/pages.ts). A part that suspends or fails in the render (a
  // lazy module's first use, an error in a Suspense boundary) is rendered again as a stream, which waits for it.
  const handoff = routerContext.serverHandoffStream ? await readHandoff(routerContext.serverHandoffStream) : null;
  const html = renderAsString(app({ ...routerContext, serverHandoffStream: undefined }));
  if (html !== null && rendersWhole(html)) {
    const scripts =
      handoff !== null && routerContext.renderMeta?.didRenderScripts ? handoffScripts(handoff, nonce) : '';
    const body = completeDocument(html, scripts);
    return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  }
  const replay = handoff === null ? undefined : new Blob([handoff]).stream();
  const streamed = await renderWhole(
    app({ ...routerContext, serverHandoffStream: replay, renderMeta: {} }),
    nonce,
    page.logError,
  );
  return new Response(streamed.body, { headers: responseHeaders, status: streamed.failed ? 500 : responseStatusCode });
}

/** The page as one string, or null when its shell suspended or failed (the stream then waits or reports it). */
function renderAsString(element: ReactNode): string | null {
  try {
    return renderToString(element);
  } catch {
    return null;
  }
}

/** The page as a stream that waits for every part, collected into one buffer. */
function renderWhole(
  element: ReactNode,
  nonce: string | undefined,
  logError: (error: unknown) => void,
): Promise<{ body: Buffer<ArrayBuffer>; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      // React moves a Suspense boundary of over 500 bytes that comes after the first 12.8 KB to the end of the
      // page and reveals it with a script, even when it is ready. Every boundary stays in place: the whole page is
      // sent at once anyway, and what a boundary holds shows without script and without shifting the page.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              resolve({ body: Buffer.concat(chunks), failed });
              callback();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        // Errors in the shell reject above and reach handleError.
        if (shellRendered) logError(error);
      },
    });
  });
}

/** Loader, action and render errors go to the server's log, which redacts query parameters and personal data. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as RouterContextProvider).get(webContext).logError(error);
};
