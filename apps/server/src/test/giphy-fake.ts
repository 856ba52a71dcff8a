import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for GIPHY's REST API (https://developers.giphy.com/docs/api/endpoint), on loopback over plain HTTP:
 * `/v1/gifs/search`, `/v1/gifs/trending` and `/v1/gifs/{id}`, answering GIPHY's JSON shapes (sizes as strings, the
 * pagination and meta objects, 404 for an unknown id, 414 for a query over 50 characters), checking the API key and
 * the parameters, and recording the calls it accepted. It is stricter than GIPHY in one way: a `lang` that is not one
 * of GIPHY's two-letter codes is refused, so that a client sending `nb` or `nl_NL` is caught.
 */

type Rating = 'g' | 'pg' | 'pg-13' | 'r';
const ratingOrder: Rating[] = ['g', 'pg', 'pg-13', 'r'];
// GIPHY's languages for `lang` (its API documentation, "Language Support").
const languages = new Set(
  'en es pt id fr ar tr th vi de it ja zh-CN zh-TW ru ko pl nl ro hu sv cs hi bn da fa tl fi he ms no uk'.split(' '),
);
const maxLimit = 50;
const maxOffset = 4999;
const maxQueryLength = 50;

interface FakeGif {
  id: string;
  title: string;
  altText: string;
  tags: string[];
  rating: Rating;
  width: number;
  height: number;
  /** Where its images are served: GIPHY's media hosts unless a test says otherwise. */
  imageHost: string;
}

interface FakeRequest {
  path: string;
  /** The query parameters, the API key left out. */
  query: Record<string, string>;
}

export interface GiphyFakeOptions {
  apiKey: string;
}

export interface GiphyFake {
  /** The API root, `http://127.0.0.1:<port>/v1/`. */
  url: string;
  /** The calls the fake accepted (right key), in order. */
  requests: readonly FakeRequest[];
  /** Adds a GIF (at the end of the trending order); answers its id. */
  addGif(gif: {
    title: string;
    tags?: string[];
    altText?: string;
    rating?: Rating;
    width?: number;
    height?: number;
    imageHost?: string;
  }): string;
  /** Answers the next `count` calls with `status` (503: GIPHY is down), before looking at them. */
  failNextRequests(count: number, status?: number): void;
  /** Answers the next `count` calls with GIPHY's "synthetic response": status 200, no response id, no data. */
  answerSyntheticallyNext(count: number): void;
  /** Leaves the next `count` calls unanswered (a hung connection) until the fake closes. */
  stallNextRequests(count: number): void;
  close(): Promise<void>;
}

class GiphyProblem extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const responseId = () => randomBytes(20).toString('hex').slice(0, 40);

function createGiphyId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(18), (byte) => alphabet[byte % alphabet.length]).join('');
}

function slugOf(title: string, id: string): string {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return words ? `${words}-${id}` : id;
}

/** GIPHY spreads its images over media0…media4; the same GIF always on the same host. */
function mediaHost(id: string): string {
  return `media${(createHash('sha1').update(id).digest()[0] ?? 0) % 5}.giphy.com`;
}

/** A GIF object as GIPHY writes it (https://developers.giphy.com/docs/api/schema#gif-object), sizes as strings. */
function toGiphyJson(gif: FakeGif) {
  const host = gif.imageHost;
  const cid = randomBytes(4).toString('hex');
  const media = (file: string) =>
    `https://${host}/media/v1.Y2lkPTc5MGI3NjEx/${gif.id}/${file}?cid=${cid}&ep=v1_gifs_search&rid=${file}&ct=g`;
  const scaled = (height: number) => String(Math.round((gif.width * height) / gif.height));
  const size = (bytes: number) => String(bytes);
  const animated = (file: string, width: string, height: string, bytes: number) => ({
    height,
    width,
    size: size(bytes),
    url: media(file),
    mp4_size: size(Math.round(bytes / 4)),
    mp4: media(file.replace('.gif', '.mp4')),
    webp_size: size(Math.round(bytes / 2)),
    webp: media(file.replace('.gif', '.webp')),
  });
  const still = (file: string, width: string, height: string, bytes: number) => ({
    height,
    width,
    size: size(bytes),
    url: media(file),
  });
  const slug = slugOf(gif.title, gif.id);
  return {
    type: 'gif',
    id: gif.id,
    url: `https://giphy.com/gifs/${slug}`,
    slug,
    bitly_gif_url: `https://gph.is/g/${gif.id.slice(0, 7)}`,
    bitly_url: `https://gph.is/g/${gif.id.slice(0, 7)}`,
    embed_url: `https://giphy.com/embed/${gif.id}`,
    username: '',
    source: '',
    title: gif.title,
    alt_text: gif.altText,
    rating: gif.rating,
    content_url: '',
    source_tld: '',
    source_post_url: '',
    is_sticker: 0,
    import_datetime: '2024-02-14 12:00:00',
    trending_datetime: '0000-00-00 00:00:00',
    images: {
      original: {
        ...animated('giphy.gif', String(gif.width), String(gif.height), 900_000),
        frames: '24',
        hash: randomBytes(16).toString('hex'),
      },
      fixed_height: animated('200.gif', scaled(200), '200', 400_000),
      fixed_height_still: still('200_s.gif', scaled(200), '200', 20_000),
      fixed_height_downsampled: { ...still('200_d.gif', scaled(200), '200', 150_000), webp_size: '60000' },
      fixed_height_small: animated('100.gif', scaled(100), '100', 120_000),
      fixed_height_small_still: still('100_s.gif', scaled(100), '100', 6_000),
      fixed_width: animated('200w.gif', '200', String(Math.round((gif.height * 200) / gif.width)), 400_000),
      fixed_width_still: still('200w_s.gif', '200', String(Math.round((gif.height * 200) / gif.width)), 20_000),
      preview_gif: still('giphy-preview.gif', scaled(80), '80', 40_000),
    },
    analytics_response_payload: '',
  };
}

export async function startGiphyFake(options: GiphyFakeOptions): Promise<GiphyFake> {
  const gifs: FakeGif[] = [];
  const requests: FakeRequest[] = [];
  const failures: number[] = [];
  let synthetic = 0;
  let stalls = 0;

  function readNumber(value: string | null, fallback: number, name: string, max: number): number {
    if (value === null || value === '') return fallback;
    if (!/^\d+$/.test(value)) throw new GiphyProblem(400, `Validation error: ${name} must be a whole number`);
    const number = Number(value);
    if (number > max) {
      if (name === 'limit') return max;
      throw new GiphyProblem(400, `Validation error: ${name} is over ${max}`);
    }
    return number;
  }

  function readRating(value: string | null): Rating {
    if (value === null || value === '') return 'r';
    if (!(ratingOrder as string[]).includes(value)) throw new GiphyProblem(400, 'Validation error: rating');
    return value as Rating;
  }

  function allowedBy(rating: Rating) {
    return (gif: FakeGif) => ratingOrder.indexOf(gif.rating) <= ratingOrder.indexOf(rating);
  }

  function page(found: FakeGif[], query: URLSearchParams) {
    const limit = readNumber(query.get('limit'), 25, 'limit', maxLimit);
    const offset = readNumber(query.get('offset'), 0, 'offset', maxOffset);
    const data = found.slice(offset, offset + limit).map(toGiphyJson);
    return {
      data,
      pagination: { total_count: found.length, count: data.length, offset },
      meta: { status: 200, msg: 'OK', response_id: responseId() },
    };
  }

  function answer(path: string, query: URLSearchParams) {
    if (path === '/v1/gifs/search') {
      const q = query.get('q') ?? '';
      if (q.length > maxQueryLength) throw new GiphyProblem(414, 'URI Too Long');
      if (q.trim() === '') throw new GiphyProblem(400, 'Validation error: q is required');
      const lang = query.get('lang');
      if (lang !== null && !languages.has(lang)) throw new GiphyProblem(400, 'Validation error: lang');
      const words = q.toLowerCase().split(/\s+/).filter(Boolean);
      const found = gifs.filter(allowedBy(readRating(query.get('rating')))).filter((gif) => {
        const text = [gif.title, ...gif.tags].join(' ').toLowerCase();
        return words.every((word) => text.includes(word));
      });
      return page(found, query);
    }
    if (path === '/v1/gifs/trending') return page(gifs.filter(allowedBy(readRating(query.get('rating')))), query);
    const single = /^\/v1\/gifs\/([^/]+)$/.exec(path);
    if (single) {
      const gif = gifs.find((candidate) => candidate.id === single[1]);
      if (!gif) throw new GiphyProblem(404, 'Not Found');
      return { data: toGiphyJson(gif), meta: { status: 200, msg: 'OK', response_id: responseId() } };
    }
    throw new GiphyProblem(404, 'Not Found');
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    if (stalls > 0) {
      stalls -= 1;
      return;
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      send(response, failure, { data: [], meta: { status: failure, msg: 'Service Unavailable', response_id: '' } });
      return;
    }
    const url = new URL(request.url ?? '/', 'http://giphy.invalid');
    try {
      if (request.method !== 'GET') throw new GiphyProblem(405, 'Method Not Allowed');
      const key = url.searchParams.get('api_key');
      if (!key) throw new GiphyProblem(401, 'No API key found in request.');
      if (key !== options.apiKey) throw new GiphyProblem(403, 'Forbidden');
      const query = Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'api_key'));
      requests.push({ path: url.pathname, query });
      if (synthetic > 0) {
        synthetic -= 1;
        send(response, 200, {
          data: [],
          pagination: { total_count: 0, count: 0, offset: 0 },
          meta: { status: 200, msg: 'OK', response_id: '' },
        });
        return;
      }
      send(response, 200, answer(url.pathname, url.searchParams));
    } catch (error) {
      if (!(error instanceof GiphyProblem)) throw error;
      send(response, error.status, { data: [], meta: { status: error.status, msg: error.message, response_id: '' } });
    }
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1/`,
    requests,
    addGif(gif) {
      const id = createGiphyId();
      gifs.push({
        id,
        title: gif.title,
        altText: gif.altText ?? '',
        tags: gif.tags ?? [],
        rating: gif.rating ?? 'g',
        width: gif.width ?? 360,
        height: gif.height ?? 270,
        imageHost: gif.imageHost ?? mediaHost(id),
      });
      return id;
    },
    failNextRequests(count, status = 503) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    answerSyntheticallyNext(count) {
      synthetic += count;
    },
    stallNextRequests(count) {
      stalls += count;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
