import { gifSchema } from '@app/shared/chat/chat';
import { AppError } from '@app/shared/errors/app-error';
import { locales } from '@app/shared/i18n/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../test/free-port.ts';
import { type GiphyFake, startGiphyFake } from '../../../test/giphy-fake.ts';
import type { GifProvider } from './gif-provider.ts';
import { createGiphyGifProvider, findGiphyLanguage } from './giphy-gif-provider.ts';

const apiKey = 'FakeGiphyKeyForTheTests0000000000';

let fake: GiphyFake;
let giphy: GifProvider;
const ids: Record<string, string> = {};

beforeAll(async () => {
  fake = await startGiphyFake({ apiKey });
  ids.kiss = fake.addGif({ title: 'Kiss Love GIF by Studio', tags: ['kiss', 'love'], altText: 'Two people kissing' });
  ids.kissTwo = fake.addGif({ title: 'Kiss GIF', tags: ['kiss'] });
  ids.kissThree = fake.addGif({ title: 'Kisses GIF by Someone', tags: ['kiss'], width: 480, height: 270 });
  ids.spicy = fake.addGif({ title: 'Hot kiss GIF', tags: ['kiss'], rating: 'r' });
  ids.elsewhere = fake.addGif({ title: 'Kiss from elsewhere', tags: ['kiss'], imageHost: 'images.example.com' });
  ids.wave = fake.addGif({ title: 'Hello Wave GIF', tags: ['hello'] });
  giphy = createGiphyGifProvider({ apiKey, endpoint: fake.url });
});

afterAll(async () => {
  await fake.close();
});

const lastRequest = () => fake.requests.at(-1);

async function expectUnavailable(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('service_unavailable');
  expect((error as AppError).message).not.toContain(apiKey);
  return error as AppError;
}

describe('the GIPHY GIF search', () => {
  it('searches in the member’s language, rated up to R, and answers GIFs in the chat’s shape', async () => {
    const page = await giphy.searchGifs({ query: 'kiss', locale: 'nl', offset: 0, limit: 24 });
    expect(lastRequest()).toEqual({
      path: '/v1/gifs/search',
      query: { q: 'kiss', lang: 'nl', limit: '24', offset: '0', rating: 'r' },
    });
    // The GIF on a host pages may not load is left out.
    expect(page.gifs.map((gif) => gif.id)).toEqual([
      `giphy:${ids.kiss}`,
      `giphy:${ids.kissTwo}`,
      `giphy:${ids.kissThree}`,
      `giphy:${ids.spicy}`,
    ]);
    expect(page.next_offset).toBeNull();
    for (const gif of page.gifs) expect(gifSchema.parse(gif)).toEqual(gif);
    const [first, , third] = page.gifs;
    expect(first?.title).toBe('Two people kissing');
    expect(first?.url).toMatch(new RegExp(`^https://media[0-4]\\.giphy\\.com/media/[^/]+/${ids.kiss}/200\\.gif\\?`));
    expect(first?.preview).toMatch(new RegExp(`/${ids.kiss}/100_s\\.gif\\?`));
    // fixed_height: 200 high, the width in proportion; titled by GIPHY's title without an alt text.
    expect([third?.width, third?.height, third?.title]).toEqual([356, 200, 'Kisses GIF by Someone']);
  });

  it('pages with GIPHY’s offsets until its total', async () => {
    const first = await giphy.searchGifs({ query: 'kiss', locale: 'en', offset: 0, limit: 2 });
    expect(first.gifs.map((gif) => gif.id)).toEqual([`giphy:${ids.kiss}`, `giphy:${ids.kissTwo}`]);
    expect(first.next_offset).toBe(2);
    const second = await giphy.searchGifs({ query: 'kiss', locale: 'en', offset: 2, limit: 2 });
    expect(second.gifs.map((gif) => gif.id)).toEqual([`giphy:${ids.kissThree}`, `giphy:${ids.spicy}`]);
    // GIPHY counted the GIF left out: the next page asks after it.
    expect(second.next_offset).toBe(4);
    const third = await giphy.searchGifs({ query: 'kiss', locale: 'en', offset: 4, limit: 2 });
    expect(third).toEqual({ gifs: [], next_offset: null });
    expect(lastRequest()?.query.offset).toBe('4');
  });

  it('asks for the trending GIFs when the query is empty', async () => {
    const page = await giphy.searchGifs({ query: '  ', locale: 'de', offset: 0, limit: 24 });
    expect(lastRequest()).toEqual({ path: '/v1/gifs/trending', query: { limit: '24', offset: '0', rating: 'r' } });
    expect(page.gifs.map((gif) => gif.id)).toEqual(
      [ids.kiss, ids.kissTwo, ids.kissThree, ids.spicy, ids.wave].map((id) => `giphy:${id}`),
    );
  });

  it('sends GIPHY the two-letter language of each locale', async () => {
    const sent: Record<string, string | undefined> = {};
    for (const locale of locales) {
      await giphy.searchGifs({ query: 'hello', locale, offset: 0, limit: 1 });
      sent[locale] = lastRequest()?.query.lang;
    }
    expect(sent).toEqual({
      da: 'da',
      de: 'de',
      en: 'en',
      es: 'es',
      fi: 'fi',
      fr: 'fr',
      it: 'it',
      nb: 'no',
      nl: 'nl',
      pl: 'pl',
      sv: 'sv',
    });
    expect(findGiphyLanguage('nb')).toBe('no');
  });
});

describe('findGif', () => {
  it('fetches one GIF by its id', async () => {
    const gif = await giphy.findGif(`giphy:${ids.wave}`, 'fr');
    expect(lastRequest()).toEqual({ path: `/v1/gifs/${ids.wave}`, query: {} });
    expect(gif).toMatchObject({ id: `giphy:${ids.wave}`, title: 'Hello Wave GIF', height: 200, width: 267 });
  });

  it('answers null for an id GIPHY does not know, another source’s id, or one it will not ask about', async () => {
    const before = fake.requests.length;
    expect(await giphy.findGif('giphy:NoSuchGif000', 'nl')).toBeNull();
    expect(fake.requests.length).toBe(before + 1);
    expect(await giphy.findGif('local:heart', 'nl')).toBeNull();
    expect(await giphy.findGif('giphy:../search', 'nl')).toBeNull();
    expect(await giphy.findGif('giphy:', 'nl')).toBeNull();
    expect(fake.requests.length).toBe(before + 1);
  });

  it('answers null for a GIF served from a host pages may not load', async () => {
    expect(await giphy.findGif(`giphy:${ids.elsewhere}`, 'nl')).toBeNull();
  });
});

describe('when GIPHY fails', () => {
  it('is unavailable when GIPHY answers an error', async () => {
    fake.failNextRequests(1, 503);
    await expectUnavailable(giphy.searchGifs({ query: 'kiss', locale: 'nl', offset: 0, limit: 24 }));
    fake.failNextRequests(1, 429);
    await expectUnavailable(giphy.findGif(`giphy:${ids.kiss}`, 'nl'));
    // And answers again once GIPHY is back.
    expect((await giphy.searchGifs({ query: 'kiss', locale: 'nl', offset: 0, limit: 1 })).gifs).toHaveLength(1);
  });

  it('is unavailable with a wrong API key', async () => {
    const wrongKey = createGiphyGifProvider({ apiKey: 'SomeOtherKey0000000000', endpoint: fake.url });
    const error = await expectUnavailable(wrongKey.searchGifs({ query: 'kiss', locale: 'nl', offset: 0, limit: 1 }));
    expect(error.message).toContain('403');
  });

  it('treats GIPHY’s synthetic response as a failure, not as no results', async () => {
    fake.answerSyntheticallyNext(1);
    await expectUnavailable(giphy.searchGifs({ query: 'kiss', locale: 'nl', offset: 0, limit: 24 }));
  });

  it('gives up on a call that hangs', async () => {
    const impatient = createGiphyGifProvider({ apiKey, endpoint: fake.url, timeoutMs: 100 });
    fake.stallNextRequests(1);
    const error = await expectUnavailable(impatient.searchGifs({ query: 'kiss', locale: 'nl', offset: 0, limit: 1 }));
    expect(error.message).toMatch(/did not answer/);
  });

  it('is unavailable when nothing listens', async () => {
    const nowhere = createGiphyGifProvider({ apiKey, endpoint: `http://127.0.0.1:${await findFreePort()}/v1/` });
    await expectUnavailable(nowhere.searchGifs({ query: 'kiss', locale: 'nl', offset: 0, limit: 1 }));
  });
});
