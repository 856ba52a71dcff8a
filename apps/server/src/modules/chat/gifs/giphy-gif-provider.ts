import type { Gif } from '@app/shared/chat/chat';
import { gifMaxOffset } from '@app/shared/chat/chat-constants';
import { AppError } from '@app/shared/errors/app-error';
import { type Locale, localeInfo } from '@app/shared/i18n/locales';
import { z } from 'zod';
import type { GifPage, GifProvider, GifSearch } from './gif-provider.ts';

const idPrefix = 'giphy:';
/** GIPHY's ids are letters and digits; anything else is not asked about (it would change the request's path). */
const giphyIdPattern = /^[A-Za-z0-9]{1,64}$/;
/** The strongest rating shown: the site is for adults, and GIPHY has nothing beyond R. */
const rating = 'r';

/** Where GIPHY serves its images. Pages allow them in img-src when GIPHY is configured; others are not shown. */
export const giphyImageHosts = [
  'media.giphy.com',
  'media0.giphy.com',
  'media1.giphy.com',
  'media2.giphy.com',
  'media3.giphy.com',
  'media4.giphy.com',
  'i.giphy.com',
] as const;
const imageHosts = new Set<string>(giphyImageHosts);

// GIPHY writes sizes as strings ("200").
const renditionSchema = z.object({
  url: z.string(),
  width: z.coerce.number().int().positive(),
  height: z.coerce.number().int().positive(),
});
const giphyGifSchema = z.object({
  id: z.string(),
  title: z.string().optional(),
  alt_text: z.string().nullish(),
  images: z.object({
    fixed_height: renditionSchema,
    fixed_height_small_still: renditionSchema.optional(),
    preview_gif: renditionSchema.optional(),
  }),
});
const metaSchema = z.object({ status: z.int(), msg: z.string(), response_id: z.string() });
const listSchema = z.object({
  data: z.array(z.unknown()),
  pagination: z.object({ total_count: z.int().optional(), count: z.int(), offset: z.int() }),
  meta: metaSchema,
});
const singleSchema = z.object({ data: z.unknown(), meta: metaSchema });

/** GIPHY's `lang` is a two-letter code: the language part of the locale's `gifLocale` (`no_NO` → `no`). */
export function findGiphyLanguage(locale: Locale): string {
  return localeInfo[locale].gifLocale.slice(0, 2);
}

function isGiphyImage(address: string): boolean {
  const url = URL.parse(address);
  return url !== null && url.protocol === 'https:' && imageHosts.has(url.hostname);
}

/** A GIF of GIPHY's answer as the chat shows it; null for one that is malformed or served from elsewhere. */
function toGif(data: unknown): Gif | null {
  const parsed = giphyGifSchema.safeParse(data);
  if (!parsed.success || !giphyIdPattern.test(parsed.data.id)) return null;
  const { id, title, alt_text: altText, images } = parsed.data;
  const animation = images.fixed_height;
  const preview = images.fixed_height_small_still?.url ?? images.preview_gif?.url ?? animation.url;
  if (!isGiphyImage(animation.url) || !isGiphyImage(preview)) return null;
  return {
    id: `${idPrefix}${id}`,
    url: animation.url,
    preview,
    width: animation.width,
    height: animation.height,
    title: altText?.trim() || title?.trim() || 'GIF',
  };
}

export interface GiphyOptions {
  apiKey: string;
  /** The API's root, ending with a slash (`https://api.giphy.com/v1/`). */
  endpoint: string;
  /** How long one call may take before the search gives up. */
  timeoutMs?: number;
}

/**
 * The GIF search through GIPHY's REST API (https://developers.giphy.com/docs/api/endpoint): search in the member's
 * language, trending for an empty query, one GIF by id for a send. Tested against test/giphy-fake.ts.
 */
export function createGiphyGifProvider({ apiKey, endpoint, timeoutMs = 4_000 }: GiphyOptions): GifProvider {
  /** Calls GIPHY; answers 404 as null. Any other failure is GIPHY being unavailable (never naming the key). */
  async function callGiphy(path: string, parameters: Record<string, string>): Promise<unknown> {
    const url = new URL(path, endpoint);
    url.search = new URLSearchParams({ api_key: apiKey, ...parameters }).toString();
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new AppError('service_unavailable', `GIPHY answered /${path} with ${response.status}`);
      }
      return (await response.json()) as unknown;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('service_unavailable', `GIPHY did not answer /${path}: ${(error as Error).message}`);
    }
  }

  function readMeta(path: string, meta: z.output<typeof metaSchema>) {
    // GIPHY's "synthetic response": status 200 but no response id and nothing in it, when its systems are in trouble.
    if (meta.status !== 200 || meta.response_id === '') {
      throw new AppError('service_unavailable', `GIPHY answered /${path} with ${meta.status} "${meta.msg}"`);
    }
  }

  return {
    name: 'giphy',
    async searchGifs({ query, locale, offset, limit }: GifSearch): Promise<GifPage> {
      const words = query.trim();
      const path = words ? 'gifs/search' : 'gifs/trending';
      const parameters: Record<string, string> = { limit: String(limit), offset: String(offset), rating };
      if (words) Object.assign(parameters, { q: words, lang: findGiphyLanguage(locale) });
      const parsed = listSchema.safeParse(await callGiphy(path, parameters));
      if (!parsed.success) throw new AppError('service_unavailable', `GIPHY's answer to /${path} has another shape`);
      const { data, pagination, meta } = parsed.data;
      readMeta(path, meta);
      const next = offset + data.length;
      const more =
        data.length > 0 && next <= gifMaxOffset && (pagination.total_count ?? Number.POSITIVE_INFINITY) > next;
      return {
        gifs: data.map(toGif).filter((gif): gif is Gif => gif !== null),
        next_offset: more ? next : null,
      };
    },

    async findGif(id: string): Promise<Gif | null> {
      if (!id.startsWith(idPrefix)) return null;
      const giphyId = id.slice(idPrefix.length);
      if (!giphyIdPattern.test(giphyId)) return null;
      const path = `gifs/${giphyId}`;
      const answer = await callGiphy(path, {});
      if (answer === null) return null;
      const parsed = singleSchema.safeParse(answer);
      if (!parsed.success) throw new AppError('service_unavailable', `GIPHY's answer to /${path} has another shape`);
      readMeta(path, parsed.data.meta);
      return toGif(parsed.data.data);
    },
  };
}
