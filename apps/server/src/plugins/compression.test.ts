import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  inflateSync,
  zstdCompressSync,
  zstdDecompressSync,
} from 'node:zlib';
import { fastify } from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressShared, joinTextParts, registerCompression } from './compression.ts';

describe('chooseEncoding', () => {
  it('prefers zstd, then brotli, gzip and deflate among what the client takes equally', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('zstd, gzip')).toBe('zstd');
    expect(chooseEncoding('deflate, gzip')).toBe('gzip');
    expect(chooseEncoding('DEFLATE')).toBe('deflate');
  });

  it('follows the q-values, and q=0 refuses an encoding', () => {
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chooseEncoding('zstd;q=0.5, br')).toBe('br');
    expect(chooseEncoding('br;q=0.5, *')).toBe('gzip');
  });

  it('prefers a named coding to one only `*` allows, and gzip among those', () => {
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('compress, x-gzip')).toBe('gzip');
    expect(chooseEncoding('br, *')).toBe('br');
    expect(chooseEncoding('*;q=0.2, gzip;q=0')).toBe('br');
    expect(chooseEncoding('*;q=0.2, zstd;q=0.1')).toBe('gzip');
  });

  it('answers none for identity, nothing known, an empty header or nonsense', () => {
    for (const header of [undefined, '', 'identity', 'compress', 'br;q=0', 'gzip;q=abc', ',;,', '*;q=0']) {
      expect(chooseEncoding(header), String(header)).toBeNull();
    }
  });
});

describe('compressShared', () => {
  const decompress = { br: brotliDecompressSync, zstd: zstdDecompressSync, gzip: gunzipSync, deflate: inflateSync };
  it('compresses a text once per encoding, and each form is that text', () => {
    const text = JSON.stringify({ results: Array.from({ length: 40 }, (_, id) => ({ id, name: `Lid ${id}` })) });
    for (const encoding of ['br', 'zstd', 'gzip', 'deflate'] as const) {
      const first = compressShared(encoding, text);
      expect(decompress[encoding](first).toString()).toBe(text);
      expect(compressShared(encoding, `${text}`)).toBe(first);
    }
  });
  it('keeps a form in a buffer of its own size, not a view into a shared one', () => {
    const text = JSON.stringify({ results: Array.from({ length: 60 }, (_, id) => ({ id, city: `Zürich ${id}` })) });
    for (const encoding of ['br', 'zstd', 'gzip', 'deflate'] as const) {
      const compressed = compressShared(encoding, text);
      expect(compressed.byteOffset).toBe(0);
      expect(compressed.buffer.byteLength).toBe(compressed.length);
    }
  });
  it('keeps texts apart that differ in one character', () => {
    const one = `{"numResults":1,"pad":"${'x'.repeat(5000)}"}`;
    const two = one.replace('"numResults":1', '"numResults":2');
    expect(brotliDecompressSync(compressShared('br', one)).toString()).toBe(one);
    expect(brotliDecompressSync(compressShared('br', two)).toString()).toBe(two);
  });
});

describe('kept compressions (a page kept for visitors)', () => {
  const page = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Welkom bij Hartklop</p>'.repeat(400)}</body></html>`);
  const other = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Iets anders</p>'.repeat(400)}</body></html>`);

  async function createApp() {
    const kept = { body: page, compressed: new Map<string, Buffer>() };
    const app = fastify();
    registerCompression(app, { compressResponses: true });
    app.get('/kept', (_request, reply) => {
      reply.keptCompressions = kept;
      return reply.type('text/html').send(page);
    });
    // Another body on a reply that points at the kept page: compressed for itself, and the kept forms untouched.
    app.get('/other', (_request, reply) => {
      reply.keptCompressions = kept;
      return reply.type('text/html').send(other);
    });
    await app.ready();
    return { app, kept };
  }

  it('compresses a kept body once per encoding and sends that form again', async () => {
    const { app, kept } = await createApp();
    const get = (encoding: string) => app.inject({ url: '/kept', headers: { 'accept-encoding': encoding } });
    const first = await get('br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).equals(page)).toBe(true);
    const kept1 = kept.compressed.get('br');
    expect(kept1?.equals(first.rawPayload)).toBe(true);
    expect((await get('br')).rawPayload.equals(kept1!)).toBe(true);
    expect(kept.compressed.get('br')).toBe(kept1);
    const gzipped = await get('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(page)).toBe(true);
    expect([...kept.compressed.keys()].sort()).toEqual(['br', 'gzip']);
    await app.close();
  });

  it('compresses a kept body from 1 KB, where a body like it that is not kept stays whole below 4 KB', async () => {
    const json = (size: number) => Buffer.from(JSON.stringify({ settings: { text: 'Hartklop '.repeat(size / 9) } }));
    const keptSmall = { body: json(2000), compressed: new Map<string, Buffer>() };
    const keptTiny = { body: json(900), compressed: new Map<string, Buffer>() };
    const plainSmall = json(2000);
    const app = fastify();
    registerCompression(app, { compressResponses: true });
    const route = (path: string, body: Buffer, kept: typeof keptSmall | null) =>
      app.get(path, (_request, reply) => {
        reply.keptCompressions = kept;
        return reply.type('application/json; charset=utf-8').send(body);
      });
    route('/kept-small', keptSmall.body, keptSmall);
    route('/kept-tiny', keptTiny.body, keptTiny);
    route('/plain-small', plainSmall, null);
    await app.ready();
    const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'zstd' } });
    const kept = await get('/kept-small');
    expect(kept.headers['content-encoding']).toBe('zstd');
    expect(kept.headers.vary).toContain('accept-encoding');
    expect(zstdDecompressSync(kept.rawPayload).equals(keptSmall.body)).toBe(true);
    expect(kept.rawPayload.length).toBeLessThan(keptSmall.body.length);
    expect(keptSmall.compressed.get('zstd')?.equals(kept.rawPayload)).toBe(true);
    for (const url of ['/kept-tiny', '/plain-small']) {
      const whole = await get(url);
      expect(whole.headers['content-encoding'], url).toBeUndefined();
      expect(whole.headers.vary, url).toBeUndefined();
    }
    expect(keptTiny.compressed.size).toBe(0);
    await app.close();
  });

  it('never sends the kept forms for another body, nor keeps its forms there', async () => {
    const { app, kept } = await createApp();
    const response = await app.inject({ url: '/other', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(response.rawPayload).equals(other)).toBe(true);
    expect(kept.compressed.size).toBe(0);
    await app.close();
  });
});

describe('shared bodies (a search answer)', () => {
  it('compresses a shared text from 1 KB, where a text like it that is not shared stays whole below 4 KB', async () => {
    const text = (size: number, name: string) =>
      JSON.stringify({ results: [{ name: name.repeat(size / name.length) }] });
    const app = fastify();
    registerCompression(app, { compressResponses: true });
    const route = (path: string, body: string, shared: boolean) =>
      app.get(path, (_request, reply) => {
        reply.sharedBody = shared;
        return reply.type('application/json; charset=utf-8').send(body);
      });
    route('/shared-small', text(2000, 'Anouk '), true);
    route('/shared-tiny', text(900, 'Bram '), true);
    route('/plain-small', text(2000, 'Chantal '), false);
    await app.ready();
    const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const shared = await get('/shared-small');
    expect(shared.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(shared.rawPayload).toString()).toBe(text(2000, 'Anouk '));
    for (const url of ['/shared-tiny', '/plain-small']) {
      expect((await get(url)).headers['content-encoding'], url).toBeUndefined();
    }
    await app.close();
  });
});

describe('pages sent as text', () => {
  const decompress = { br: brotliDecompressSync, zstd: zstdDecompressSync, gzip: gunzipSync, deflate: inflateSync };
  const page = (fill: string, repeat: number) =>
    `<!DOCTYPE html><html><body>${`<p>${fill} — Zoë, 💘, 東京, \ud800</p>`.repeat(repeat)}</body></html>`;

  it('compresses each page from its own UTF-8 bytes, one after another and at every size', async () => {
    const pages = [page('Welkom', 300), page('Een', 200), page('Groot', 20_000), page('Daarna', 300)];
    // The large one is past the 512 KB one-call limit; the others are encoded into one reused buffer.
    expect(Buffer.byteLength(pages[2]!)).toBeGreaterThan(512 * 1024);
    const app = fastify();
    registerCompression(app, { compressResponses: true });
    app.get('/page/:index', (request, reply) =>
      reply.type('text/html').send(pages[Number((request.params as { index: string }).index)]),
    );
    for (const encoding of ['zstd', 'br', 'gzip', 'deflate'] as const) {
      for (const [index, text] of pages.entries()) {
        const response = await app.inject({ url: `/page/${index}`, headers: { 'accept-encoding': encoding } });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(decompress[encoding](response.rawPayload).equals(Buffer.from(text))).toBe(true);
      }
    }
    await app.close();
  });
});

describe('pages sent with their parts (reply.textParts)', () => {
  const limit = 512 * 1024;
  const cases: Record<string, string[]> = {
    page: [
      '<!DOCTYPE html>',
      `<html><body>${'<p>Foto’s — Zoë, 💘</p>'.repeat(300)}`,
      '<script>x</script>',
      '</body></html>',
    ],
    'empty parts': ['', '<p>één</p>'.repeat(1000), ''],
    // Short enough in UTF-16 units, not in bytes: the second part is cut short (one byte left), the third takes that
    // byte. The page is compressed from its whole text instead.
    'a part cut short': ['a'.repeat(limit - 10), '€'.repeat(4), 'b'],
    'just fitting': ['a'.repeat(limit - 10), '💘'.repeat(2)],
    // A pair split between two parts: the whole text, where the pair is whole.
    'a split pair': ['a'.repeat(5000), '\ud83d', '\udc98', 'b'],
  };

  async function send(parts: string[], options: { sent?: (text: string) => string; written?: string[] } = {}) {
    const app = fastify();
    registerCompression(app, { compressResponses: true });
    app.get('/page', (_request, reply) => {
      const joined = joinTextParts(parts);
      reply.textParts = options.written ? { text: joined.text, parts: options.written } : joined;
      return reply.type('text/html').send(options.sent ? options.sent(joined.text) : joined.text);
    });
    const response = await app.inject({ url: '/page', headers: { 'accept-encoding': 'zstd' } });
    await app.close();
    return zstdDecompressSync(response.rawPayload).toString();
  }

  it.each(Object.keys(cases))('sends the bytes of the join: %s', async (name) => {
    expect(await send(cases[name]!)).toBe(cases[name]!.join(''));
  });

  it('writes the parts themselves, not the text, when the payload is the text they were joined into', async () => {
    const parts = cases.page!;
    // Parts that differ from the text show which of the two was written.
    const upper = parts.map((part) => part.toUpperCase());
    expect(await send(parts, { written: upper })).toBe(upper.join(''));
  });

  it('sends another payload as itself (an error page in the page’s place)', async () => {
    const errorPage = `<p>Fout</p>${'.'.repeat(5000)}`;
    expect(await send(cases.page!, { sent: () => errorPage })).toBe(errorPage);
  });
});

describe('pages at the edge of the one-call limit', () => {
  it('compresses a text that just fits the reused buffer, and one a byte too long for it, whole', async () => {
    const limit = 512 * 1024;
    // ASCII, a byte a character: the buffer takes texts of up to limit - 4 bytes; `é` and `💘` end two of them.
    const texts = [limit - 5, limit - 4, limit - 3, limit, limit + 1].map((length) => 'a'.repeat(length));
    texts.push(`${'a'.repeat(limit - 6)}é`, `${'a'.repeat(limit - 6)}💘`);
    // Short in characters, long in bytes: the buffer fills up before the text ends.
    texts.push('é'.repeat(limit / 2 + 10), '💘'.repeat(limit / 4 + 1));
    const app = fastify();
    registerCompression(app, { compressResponses: true });
    app.get('/text/:index', (request, reply) =>
      reply.type('text/html').send(texts[Number((request.params as { index: string }).index)]),
    );
    for (const [index, text] of texts.entries()) {
      const response = await app.inject({ url: `/text/${index}`, headers: { 'accept-encoding': 'zstd' } });
      expect([index, zstdDecompressSync(response.rawPayload).equals(Buffer.from(text))]).toEqual([index, true]);
    }
    await app.close();
  });
});

describe('levels (decision 016)', () => {
  // 16 KB and more: a page's levels. Each codec's output is fixed for its input and level, so the bytes tell the level.
  const page = Buffer.from(
    Array.from({ length: 600 }, (_, row) => `<li class="member-card" data-id="${row * 7919}">Lid ${row}</li>`).join(''),
  );
  const small = page.subarray(0, 8 * 1024);

  async function get(body: Buffer, acceptEncoding: string) {
    const app = fastify();
    registerCompression(app, { compressResponses: true });
    app.get('/page', (_request, reply) => reply.type('text/html').send(body));
    const response = await app.inject({ url: '/page', headers: { 'accept-encoding': acceptEncoding } });
    await app.close();
    return response;
  }

  it('compresses a page with zstd 2 for a browser that takes zstd, brotli 3 for one that does not', async () => {
    expect(page.length).toBeGreaterThan(16 * 1024);
    const chrome = await get(page, 'gzip, deflate, br, zstd');
    expect(chrome.headers['content-encoding']).toBe('zstd');
    expect(
      chrome.rawPayload.equals(zstdCompressSync(page, { params: { [constants.ZSTD_c_compressionLevel]: 2 } })),
    ).toBe(true);
    const safari = await get(page, 'gzip, deflate, br');
    expect(safari.headers['content-encoding']).toBe('br');
    const brotli3 = brotliCompressSync(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 18 },
    });
    expect(safari.rawPayload.equals(brotli3)).toBe(true);
  });

  it('compresses an answer under 16 KB at the fastest level', async () => {
    const response = await get(small, 'gzip, deflate, br, zstd');
    expect(
      response.rawPayload.equals(zstdCompressSync(small, { params: { [constants.ZSTD_c_compressionLevel]: 1 } })),
    ).toBe(true);
  });
});
