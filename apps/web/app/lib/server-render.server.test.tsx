import { runInNewContext } from 'node:vm';
import { lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  appendToBody,
  completeDocument,
  defersData,
  handoffScripts,
  readHandoff,
  rendersWhole,
} from './server-render.server.ts';

/** Runs the scripts as the browser would, against a stream controller that keeps what it is given. */
function runHandoffScripts(html: string): { text: string; closed: boolean } {
  const received = { text: '', closed: false };
  const streamController = {
    enqueue: (text: string) => {
      received.text += text;
    },
    close: () => {
      received.closed = true;
    },
  };
  for (const [, code] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    runInNewContext(code!, { window: { __reactRouterContext: { streamController } } });
  }
  return received;
}

describe("React Router's hydration data after the page", () => {
  it('hands the whole data over, whatever characters it holds, and ends the stream', () => {
    const handoff = '[{"a":"</script><script>alert(1)</script> & \u2028\u2029 \\"quoted\\" é"}]\n';
    const scripts = handoffScripts(handoff, 'abc123==');
    expect(scripts).not.toContain('</script><script>alert');
    expect(scripts.match(/<script nonce="abc123==">/g)).toHaveLength(2);
    expect(runHandoffScripts(scripts)).toEqual({ text: handoff, closed: true });
  });

  it('without data only ends the stream; without a nonce the scripts carry none', () => {
    const scripts = handoffScripts('', undefined);
    expect(scripts).toBe('<script>window.__reactRouterContext.streamController.close();</script>');
    expect(runHandoffScripts(scripts)).toEqual({ text: '', closed: true });
  });

  it('reads the data stream to its end, across chunks that split a character', async () => {
    const bytes = new TextEncoder().encode('[{"name":"Frédéric"}]\n');
    const split = bytes.indexOf(0xc3) + 1;
    const stream = new Blob([bytes.slice(0, split), bytes.slice(split)]).stream();
    expect(await readHandoff(stream)).toBe('[{"name":"Frédéric"}]\n');
  });

  it('puts the scripts at the end of the body, after everything the page holds', () => {
    const scripts = handoffScripts('[1]', undefined);
    const page = '<!DOCTYPE html><html><body><p>&lt;/body&gt;</p><script>first</script></body></html>';
    expect(appendToBody(page, scripts).join('')).toBe(
      `<!DOCTYPE html><html><body><p>&lt;/body&gt;</p><script>first</script>${scripts}</body></html>`,
    );
    // A part of a page (no document around it) gets them at its end.
    expect(appendToBody('<p>part</p>', scripts).join('')).toBe(`<p>part</p>${scripts}`);
  });

  it('makes a string render a document: the doctype first, the scripts at the end of the body', () => {
    const html = renderToString(
      <html lang="nl">
        <body>
          <p>&lt;/body&gt; in a text</p>
        </body>
      </html>,
    );
    expect(html.startsWith('<html')).toBe(true);
    const page = completeDocument(html, '<script>x</script>').join('');
    expect(page.startsWith('<!DOCTYPE html><html lang="nl">')).toBe(true);
    expect(page.endsWith('<p>&lt;/body&gt; in a text</p><script>x</script></body></html>')).toBe(true);
    expect(completeDocument('<p>part</p>', '<script>x</script>').join('')).toBe('<p>part</p><script>x</script>');
  });

  it('takes a string render as whole only when nothing was left to the browser and every script has the nonce', async () => {
    let resolveModule: (module: { default: () => React.ReactNode }) => void = () => {};
    const modulePromise = new Promise<{ default: () => React.ReactNode }>((resolve) => {
      resolveModule = resolve;
    });
    const Later = lazy(() => modulePromise);
    const tree = (
      <main>
        <Suspense fallback={<p>loading</p>}>
          <Later />
        </Suspense>
      </main>
    );
    expect(rendersWhole(renderToString(tree), 'n0nce')).toBe(false);
    resolveModule({ default: () => <p>ready</p> });
    await modulePromise;
    const ready = renderToString(tree);
    expect(ready).toContain('<p>ready</p>');
    expect(rendersWhole(ready, 'n0nce')).toBe(true);

    function Broken(): React.ReactNode {
      throw new Error('broken part');
    }
    const failed = renderToString(
      <Suspense fallback={<p>loading</p>}>
        <Broken />
      </Suspense>,
    );
    expect(rendersWhole(failed, 'n0nce')).toBe(false);
    // A boundary still pending (a stream render's mark) is not whole either.
    expect(rendersWhole('<!--$?--><template id="B:0"></template><p>later</p><!--/$-->', 'n0nce')).toBe(false);

    // React writes its own script for a form whose action is a function; a string render cannot give it the nonce.
    const formAction = renderToString(
      <form action={() => {}}>
        <button type="submit">go</button>
      </form>,
    );
    expect(formAction).toContain('<script');
    expect(rendersWhole(formAction, 'n0nce')).toBe(false);
    expect(rendersWhole('<script nonce="n0nce">x</script>', 'n0nce')).toBe(true);
    // Without a nonce any script will do; a boundary left to the browser still will not.
    expect(rendersWhole(formAction, undefined)).toBe(true);
    expect(rendersWhole(failed, undefined)).toBe(false);
  });

  it('tells data a page awaits from data that is all there', () => {
    expect(defersData('[{"_1":2},"loaderData",{}]\n')).toBe(false);
    expect(defersData('[{"_1":2},"loaderData",{"_3":"\\nP1:"}]\n')).toBe(false);
    expect(defersData('[{"_1":2},"loaderData",{"_3":-7}]\nP7:[1]\n')).toBe(true);
    expect(defersData('[{"_1":2},"loaderData",{"_3":-7}]\nE7:[1]\n')).toBe(true);
  });
});
