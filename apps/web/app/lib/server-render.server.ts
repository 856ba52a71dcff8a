// The server's whole-page render: React's HTML and React Router's hydration data, written after it as React Router's
// `StreamTransfer` component writes it for a stream that has ended.
import { Writable } from 'node:stream';

/** React Router's hydration data (its turbo-stream text), read to the end. */
export async function readHandoff(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** What React's `pipe` writes, collected until it ends (a stream render that waited for every part). */
export function collectPiped(pipe: (destination: Writable) => unknown): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    pipe(
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
        final(callback) {
          resolve(Buffer.concat(chunks));
          callback();
        },
      }),
    );
  });
}

/** Whether the data holds promises a page awaits (turbo-stream writes each settled one on a line of its own). */
export function defersData(handoff: string): boolean {
  return /\n[PE]\d/.test(handoff);
}

/** React's mark of a Suspense boundary left to the browser (it suspended or failed) or still pending. */
const unfinishedBoundary = /<!--\$[!?]-->/;
/** A script without the page's nonce: one React wrote itself, which only a stream render gives the nonce. */
const scriptWithoutNonce = /<script(?![^>]*\snonce=)/;
// Both in one pattern, so that a page is scanned once (three scans took about 40 µs of a 36 KB page).
const unfinishedBoundaryOrScript = new RegExp(`${unfinishedBoundary.source}|${scriptWithoutNonce.source}`);

/**
 * Whether a page rendered to a string is whole: nothing was left for the browser to render, and every script React
 * wrote carries the nonce the Content-Security-Policy asks for.
 */
export function rendersWhole(html: string, nonce: string | undefined): boolean {
  return !(nonce === undefined ? unfinishedBoundary : unfinishedBoundaryOrScript).test(html);
}

// As React Router escapes the data it writes into a script (lib/dom/ssr/markup.ts).
const scriptEscapes: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** The scripts that hand the data to React Router in the browser: the whole text, then the end of the stream. */
export function handoffScripts(handoff: string, nonce: string | undefined): string {
  const nonceAttribute = nonce ? ` nonce="${nonce.replace(/[&"<>]/g, '')}"` : '';
  const data = JSON.stringify(handoff).replace(/[&><\u2028\u2029]/g, (character) => scriptEscapes[character]!);
  const enqueue = handoff
    ? `<script${nonceAttribute}>window.__reactRouterContext.streamController.enqueue(${data});</script>`
    : '';
  return `${enqueue}<script${nonceAttribute}>window.__reactRouterContext.streamController.close();</script>`;
}

const documentEnd = '</body></html>';

/**
 * A document as the texts it is made of, in order. The server writes them one after the other (plugins/compression.ts)
 * instead of joining them: joined, React's text of about 70 KB was copied once more to be written. No part splits a
 * surrogate pair, so the parts encode as their join does.
 */
export type DocumentParts = readonly string[];

/** The page with the scripts at the end of its body (React ends a document with `</body></html>`), else after it. */
export function appendToBody(html: string, scripts: string): DocumentParts {
  return html.endsWith(documentEnd) ? [html.slice(0, -documentEnd.length), scripts, documentEnd] : [html, scripts];
}

/**
 * A page rendered to a string as a document: the doctype that a stream render writes before `<html>` and a string
 * render leaves out (without it the browser renders in quirks mode), the scripts at the end of the body.
 */
export function completeDocument(html: string, scripts: string): DocumentParts {
  const page = appendToBody(html, scripts);
  return html.startsWith('<html') ? ['<!DOCTYPE html>', ...page] : page;
}
