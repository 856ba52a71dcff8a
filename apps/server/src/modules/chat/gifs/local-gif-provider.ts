import type { Gif } from '@app/shared/chat/chat';
import type { Locale } from '@app/shared/i18n/locales';
import type { GifPage, GifProvider, GifSearch } from './gif-provider.ts';
import { type LocalGif, localGifs } from './gif-tags.ts';

const idPrefix = 'local:';
const fallbackLocale: Locale = 'en';

/** Letters that do not come apart into a base letter and a mark, and what a member types for them. */
const foldedLetters: Record<string, string> = { æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss', ł: 'l' };
/** The other way people type umlauts and Nordic letters on a keyboard without them (`kuesse`, `kaerlighed`). */
const spelledOutLetters: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ø: 'oe', å: 'aa', æ: 'ae' };

function stripMarks(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Lower case, without accents, split into words: how queries and tags are compared. */
function splitSearchWords(text: string): string[] {
  const folded = stripMarks(text.toLowerCase().replace(/[æøœßł]/g, (letter) => foldedLetters[letter] ?? letter));
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** A tag's words as a member may type them: plainly folded (`kusse`) and with umlauts spelled out (`kuesse`). */
function indexWords(tag: string): string[] {
  const spelledOut = tag.toLowerCase().replace(/[äöüøåæ]/g, (letter) => spelledOutLetters[letter] ?? letter);
  return [...new Set([...splitSearchWords(tag), ...splitSearchWords(spelledOut)])];
}

interface IndexedGif {
  gif: LocalGif;
  /** The trending position, which also breaks ties between equally good matches. */
  rank: number;
  words: Record<Locale, string[]>;
}

function indexGif(gif: LocalGif, rank: number): IndexedGif {
  const words = Object.fromEntries(
    Object.entries(gif.tags).map(([locale, tags]) => [
      locale,
      [...new Set([...tags, gif.title[locale as Locale]].flatMap(indexWords))],
    ]),
  ) as Record<Locale, string[]>;
  return { gif, rank, words };
}

/** How well the words match: 0 when a query word starts no word; whole words count more than beginnings. */
function scoreMatch(queryWords: readonly string[], words: readonly string[]): number {
  let score = 0;
  for (const queryWord of queryWords) {
    if (words.includes(queryWord)) score += 2;
    else if (words.some((word) => word.startsWith(queryWord))) score += 1;
    else return 0;
  }
  return score;
}

function toGif(gif: LocalGif, locale: Locale): Gif {
  return {
    id: `${idPrefix}${gif.id}`,
    url: `/gifs/${gif.id}.gif`,
    preview: `/gifs/${gif.id}-preview.webp`,
    width: gif.width,
    height: gif.height,
    title: gif.title[locale],
  };
}

/**
 * The GIFs shipped with the project (apps/web/public/gifs). A search reads the words in the member's language first,
 * then in English (many people type "lol" or "kiss" in any language); each word of the query must start a word of a
 * GIF's tags or title, accents and case aside. An empty query gives the curated trending order.
 */
export function createLocalGifProvider(): GifProvider {
  const indexed = localGifs.map(indexGif);
  const byId = new Map(localGifs.map((gif) => [`${idPrefix}${gif.id}`, gif]));

  function findMatches(query: string, locale: Locale): LocalGif[] {
    const queryWords = splitSearchWords(query);
    if (queryWords.length === 0) return localGifs.slice();
    const found: LocalGif[] = [];
    const seen = new Set<string>();
    for (const language of locale === fallbackLocale ? [locale] : [locale, fallbackLocale]) {
      const matches = indexed
        .map((entry) => ({ entry, score: scoreMatch(queryWords, entry.words[language]) }))
        .filter(({ entry, score }) => score > 0 && !seen.has(entry.gif.id))
        .sort((a, b) => b.score - a.score || a.entry.rank - b.entry.rank);
      for (const { entry } of matches) {
        seen.add(entry.gif.id);
        found.push(entry.gif);
      }
    }
    return found;
  }

  return {
    name: 'local',
    async searchGifs({ query, locale, offset, limit }: GifSearch): Promise<GifPage> {
      const matches = findMatches(query, locale);
      const end = offset + limit;
      return {
        gifs: matches.slice(offset, end).map((gif) => toGif(gif, locale)),
        next_offset: end < matches.length ? end : null,
      };
    },
    async findGif(id: string, locale: Locale): Promise<Gif | null> {
      const gif = byId.get(id);
      return gif ? toGif(gif, locale) : null;
    },
  };
}
