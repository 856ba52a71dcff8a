import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router';
import { type WebRequestContext, webContext } from './context.ts';
import { ServerTranslatorContext } from './lib/i18n.tsx';
import { pageNeedsNoScript } from './lib/route-handle.ts';
import { findRenderManifest } from './lib/route-manifest.server.ts';
import {
  appendToBody,
  collectPiped,
  completeDocument,
  type DocumentParts,
  defersData,
  handoffScripts,
  readHandoff,
  rendersWhole,
} from './lib/server-render.server.ts';

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
  // HEAD gets GET's content type too: it decides the page's security headers (plugins/security-headers.ts).
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (request.method.toUpperCase() === 'HEAD') {
    routerContext.serverHandoffStream?.cancel().catch(() => {});
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const deadline = Date.now() + streamTimeout + 1000;
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

  // Every loader has finished before the render starts, so the page is rendered to one string in one pass and React
  // Router's hydration data written after it (decision 026): no byte chunks, no suspending on the data. A page that
  // awaits data, or whose string render left a part to the browser (a lazy module's first use after a start, an
  // error inside a Suspense boundary), is rendered as a stream that waits for every part.
  const handoff = routerContext.serverHandoffStream ? await readHandoff(routerContext.serverHandoffStream) : null;
  const element = (
    <ServerTranslatorContext value={page.translate}>
      <ServerRouter
        context={{ ...routerContext, manifest: findRenderManifest(routerContext), serverHandoffStream: undefined }}
        url={request.url}
        nonce={nonce}
      />
    </ServerTranslatorContext>
  );
  const scripts = () =>
    handoff !== null && routerContext.renderMeta?.didRenderScripts ? handoffScripts(handoff, nonce) : '';
  const html = handoff !== null && defersData(handoff) ? null : renderAsString(element);
  if (html !== null && rendersWhole(html, nonce)) {
    return handOver(page, completeDocument(html, scripts()), responseHeaders, responseStatusCode);
  }
  const rendered = await renderWhole(element, { nonce, deadline, logError: page.logError });
  return handOver(
    page,
    appendToBody(rendered.html, scripts()),
    responseHeaders,
    rendered.failed ? 500 : responseStatusCode,
  );
}

/**
 * The document goes to the server in the page context, with the Response it belongs to, and that Response carries only
 * status and headers: as a Response body the page's string was copied to check it for lone surrogates, encoded, put
 * in a stream and read back (2.4% of the server's CPU under load and 6% of the bytes a page allocates, decision 026).
 * plugins/web.ts sends the document only with this very Response, so one that middleware or React Router put in its
 * place is sent as it is.
 */
function handOver(page: WebRequestContext, parts: DocumentParts, headers: Headers, status: number): Response {
  const response = new Response(null, { headers, status });
  page.rendered.document = { response, parts };
  return response;
}

/** The page as one string; null when its shell suspended, which the stream render waits for. */
function renderAsString(element: ReactNode): string | null {
  try {
    return renderToString(element);
  } catch (error) {
    if (error instanceof Error && error.message.includes('suspended while responding to synchronous input'))
      return null;
    // Reaches handleError, and React Router renders the error page.
    throw error;
  }
}

/** The page as a stream that waits for every part, collected into one string (a page's first render after a start). */
function renderWhole(
  element: ReactNode,
  options: { nonce: string | undefined; deadline: number; logError: (error: unknown) => void },
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    const timeoutId = setTimeout(() => abort(), Math.max(0, options.deadline - Date.now()));
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      // React moves a Suspense boundary of over 500 bytes that comes after the first 12.8 KB to the end of the
      // page and reveals it with a script, even when it is ready. Every boundary stays in place: the whole page is
      // sent at once anyway, and what a boundary holds shows without script and without shifting the page.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        collectPiped(pipe).then((bytes) => {
          clearTimeout(timeoutId);
          // A part that failed inside a Suspense boundary is left to the browser; the page answers 500.
          for (const error of errors) options.logError(error);
          resolve({ html: bytes.toString(), failed: errors.length > 0 });
        }, reject);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        // Reaches handleError, and React Router renders the error page.
        reject(error);
      },
      onError(error: unknown) {
        errors.push(error);
      },
    });
  });
}

/** Loader, action and render errors go to the server's log, which redacts query parameters and personal data. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as RouterContextProvider).get(webContext).logError(error);
};
