// The server's whole-page render: the page as one string, React Router's hydration data written after it.

/** React's marks of a Suspense boundary left to the browser (it suspended or failed) or still pending. */
const unfinishedBoundaryMarks = ['<!--$!-->', '<!--$?-->'];

/** Whether a page rendered to a string is whole: no part of it was left for the browser to render. */
export function rendersWhole(html: string): boolean {
  return !unfinishedBoundaryMarks.some((mark) => html.includes(mark));
}

/** React Router's hydration data (its turbo-stream text), read to the end. */
export async function readHandoff(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

// As React Router escapes the data it writes into a script (lib/dom/ssr/markup.ts).
const scriptEscapes: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The scripts that hand the hydration data to React Router in the browser, as its `StreamTransfer` writes them for
 * a stream that has ended: the whole text, then the end of the stream.
 */
export function handoffScripts(handoff: string, nonce: string | undefined): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const data = JSON.stringify(handoff).replace(/[&><\u2028\u2029]/g, (character) => scriptEscapes[character]!);
  const enqueue = handoff
    ? `<script${nonceAttribute}>window.__reactRouterContext.streamController.enqueue(${data});</script>`
    : '';
  return `${enqueue}<script${nonceAttribute}>window.__reactRouterContext.streamController.close();</script>`;
}

/**
 * The document from a string render with its hydration scripts at the end of the body; the doctype that a stream
 * render writes before `<html>`, which a string render leaves out (without it the browser renders in quirks mode).
 */
export function completeDocument(html: string, scripts: string): string {
  const end = html.lastIndexOf('</body>');
  const withScripts = end < 0 ? html + scripts : html.slice(0, end) + scripts + html.slice(end);
  return html.startsWith('<html') ? `<!DOCTYPE html>${withScripts}` : withScripts;
}
