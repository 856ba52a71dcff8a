import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router';
import { webContext } from './context.ts';
import { ServerTranslatorContext } from './lib/i18n.tsx';
import { pageNeedsNoScript } from './lib/route-handle.ts';

// React Router's default Node entry, plus the page's CSP nonce: the Content-Security-Policy header allows
// only inline scripts that carry it (React Router's context, route modules and streamed data, and React's own).

export const streamTimeout = 5_000;

function needsNoScript({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return pageNeedsNoScript(
    staticHandlerContext.matches.map(({ route }) => ({
      handle: routeModules[route.id]?.handle,
      loaderData: staticHandlerContext.loaderData[route.id],
    })),
  );
}

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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once, and so do pages without script: streaming the rest of a page needs
    // React's inline scripts.
    const noScript = needsNoScript(routerContext);
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || noScript ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerTranslatorContext value={page.translate}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerTranslatorContext>,
      {
        nonce,
        // React moves a large Suspense boundary's content to the end and reveals it with a script, even when it
        // is ready; a page without script keeps every boundary in place.
        ...(noScript ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
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
