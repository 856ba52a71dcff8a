import type { Gif } from '@app/shared/chat/chat';
import type { Locale } from '@app/shared/i18n/locales';
import type { AppConfig } from '../../../config.ts';
import { createGiphyGifProvider } from './giphy-gif-provider.ts';
import { createLocalGifProvider } from './local-gif-provider.ts';

export interface GifSearch {
  /** The member's words; empty for the trending GIFs. */
  query: string;
  /** The member's language: the words are read in it, and titles are given in it. */
  locale: Locale;
  offset: number;
  limit: number;
}

export interface GifPage {
  gifs: Gif[];
  /** The `offset` of the next page; null when there is none. */
  next_offset: number | null;
}

/**
 * Where the chat's GIFs come from (issue 17): the GIFs shipped with the project, or GIPHY. Ids carry the source
 * (`local:heart`, `giphy:xT4uQulxzV39haRFjG`). Both throw AppError('service_unavailable') when the source cannot
 * answer.
 */
export interface GifProvider {
  readonly name: 'local' | 'giphy';
  searchGifs(search: GifSearch): Promise<GifPage>;
  /**
   * The GIF with this id as a sent message stores it, titled in `locale`; null when the id is not one of this
   * source's GIFs. A send checks the member's choice through it, so that a message only ever shows a real GIF.
   */
  findGif(id: string, locale: Locale): Promise<Gif | null>;
}

/** GIPHY when its API key is configured, else the shipped GIFs. */
export function createGifProvider(config: Pick<AppConfig, 'giphy'>): GifProvider {
  return config.giphy ? createGiphyGifProvider(config.giphy) : createLocalGifProvider();
}
