import { gifSchema } from '@app/shared/chat/chat';
import { describe, expect, it } from 'vitest';
import { localGifs } from './gif-tags.ts';
import { createLocalGifProvider } from './local-gif-provider.ts';

const provider = createLocalGifProvider();

async function searchIds(query: string, locale: Parameters<typeof provider.searchGifs>[0]['locale'], limit = 50) {
  const page = await provider.searchGifs({ query, locale, offset: 0, limit });
  return page.gifs.map((gif) => gif.id);
}

describe('the shipped GIFs search', () => {
  it('finds a GIF by the words of the member’s language', async () => {
    expect(await searchIds('kusje', 'nl')).toEqual(['local:kiss']);
    expect(await searchIds('bisou', 'fr')).toEqual(['local:kiss']);
    expect(await searchIds('Kuss', 'de')).toContain('local:kiss');
    expect(await searchIds('buziak', 'pl')).toEqual(['local:kiss']);
    expect(await searchIds('welterusten', 'nl')).toEqual(['local:good-night']);
    expect(await searchIds('god natt', 'sv')).toEqual(['local:good-night']);
    expect(await searchIds('hyvää yötä', 'fi')).toEqual(['local:good-night']);
  });

  it('titles each GIF in the member’s language', async () => {
    const [german] = (await provider.searchGifs({ query: 'Kuss', locale: 'de', offset: 0, limit: 1 })).gifs;
    expect(german).toEqual({
      id: 'local:kiss',
      url: '/gifs/kiss.gif',
      preview: '/gifs/kiss-preview.webp',
      width: 240,
      height: 240,
      title: 'Kussmund',
    });
    expect(gifSchema.parse(german)).toEqual(german);
  });

  it('matches the beginnings of words, whatever the case and the accents', async () => {
    expect(await searchIds('KUS', 'nl')).toContain('local:kiss');
    expect(await searchIds('coeur', 'fr')).toContain('local:heart');
    expect(await searchIds('cœur', 'fr')).toContain('local:heart');
    expect(await searchIds('corazon', 'es')).toContain('local:heart');
    expect(await searchIds('calus', 'pl')).toEqual(['local:kiss']);
    // An umlaut typed plainly or spelled out.
    expect(await searchIds('kusse', 'de')).toContain('local:kiss');
    expect(await searchIds('kuesse', 'de')).toContain('local:kiss');
    expect(await searchIds('kaerlighed', 'da')).toContain('local:heart');
    expect(await searchIds('karlek', 'sv')).toContain('local:heart');
  });

  it('needs every word of the query, and ranks whole words before beginnings', async () => {
    expect(await searchIds('rode roos', 'nl')).toEqual(['local:rose']);
    expect(await searchIds('rode kus', 'nl')).toEqual([]);
    // "lief" is a whole tag of the blushing face and the falling hearts, and begins "liefde" of three others; each
    // group in the trending order.
    expect(await searchIds('lief', 'nl')).toEqual([
      'local:blush',
      'local:hearts-rain',
      'local:heart',
      'local:love-letter',
      'local:cry',
    ]);
  });

  it('falls back to English words after the member’s own', async () => {
    // "smooch" is only an English tag.
    expect(await searchIds('smooch', 'nl')).toEqual(['local:kiss']);
    expect(await searchIds('kiss', 'fr')).toEqual(['local:kiss']);
    // Dutch matches first, then English ones not already found.
    const hart = await searchIds('hart', 'nl');
    expect(hart[0]).toBe('local:heart');
    expect(new Set(hart).size).toBe(hart.length);
  });

  it('answers nothing for words no GIF has', async () => {
    expect(await provider.searchGifs({ query: 'xylofoon', locale: 'nl', offset: 0, limit: 24 })).toEqual({
      gifs: [],
      next_offset: null,
    });
  });

  it('shows the curated trending order for an empty query, and pages through it without gaps', async () => {
    const first = await provider.searchGifs({ query: '  ', locale: 'it', offset: 0, limit: 10 });
    expect(first.gifs.map((gif) => gif.id)).toEqual(localGifs.slice(0, 10).map((gif) => `local:${gif.id}`));
    expect(first.gifs[0]?.title).toBe('Cuore che batte');
    expect(first.next_offset).toBe(10);
    const seen = [...first.gifs];
    let offset = first.next_offset;
    while (offset !== null) {
      const page = await provider.searchGifs({ query: '', locale: 'it', offset, limit: 10 });
      seen.push(...page.gifs);
      offset = page.next_offset;
    }
    expect(seen.map((gif) => gif.id)).toEqual(localGifs.map((gif) => `local:${gif.id}`));
    expect(await provider.searchGifs({ query: '', locale: 'it', offset: 500, limit: 10 })).toEqual({
      gifs: [],
      next_offset: null,
    });
  });

  it('pages a search: the last page has no next offset', async () => {
    const all = await searchIds('h', 'en', 100);
    expect(all.length).toBeGreaterThan(3);
    const first = await provider.searchGifs({ query: 'h', locale: 'en', offset: 0, limit: 2 });
    expect(first.gifs.map((gif) => gif.id)).toEqual(all.slice(0, 2));
    expect(first.next_offset).toBe(2);
    const last = await provider.searchGifs({ query: 'h', locale: 'en', offset: all.length - 1, limit: 2 });
    expect(last.gifs.map((gif) => gif.id)).toEqual(all.slice(-1));
    expect(last.next_offset).toBeNull();
  });
});

describe('findGif', () => {
  it('finds a shipped GIF by its id, titled in the language asked for', async () => {
    expect(await provider.findGif('local:rose', 'pl')).toEqual({
      id: 'local:rose',
      url: '/gifs/rose.gif',
      preview: '/gifs/rose-preview.webp',
      width: 240,
      height: 240,
      title: 'Czerwona róża',
    });
  });

  it('answers null for an unknown id or another source’s', async () => {
    expect(await provider.findGif('local:unicorn', 'nl')).toBeNull();
    expect(await provider.findGif('rose', 'nl')).toBeNull();
    expect(await provider.findGif('giphy:rose', 'nl')).toBeNull();
    expect(await provider.findGif('local:constructor', 'nl')).toBeNull();
  });
});
