import { sql } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { createRandom as createSeededRandom } from '../../seed/random.ts';
import { createTestApp, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

/**
 * Generated bad input over every API route, logged out and logged in: any 5xx fails, and so does any changed row.
 * Every generated input is bad on purpose (a NUL character, an id no row can have, a repeated query key, a value
 * its schema refuses, a body that is no JSON object...), so a correct server refuses it and changes nothing.
 * The generator is seeded: FUZZ_SEED reproduces a run, FUZZ_CASES sets the number of inputs per route and login.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_251_124);
const casesPerRoute = Number(process.env.FUZZ_CASES ?? 40);
/** Fewer as a member: each logged-in request looks the session up in the database, which PGlite does slowly. */
const memberCasesPerRoute = Math.ceil(casesPerRoute * 0.4);

/** Tables a refused request may still write: attempt and rate counters, and stored first answers of retries. */
const tablesAllowedToChange = new Set(['login_attempts', 'rate_limits', 'idempotency_keys']);

/** An API call as its route was registered: method, path, and the zod schemas of its query and body. */
interface ApiRouteDoc {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: z.ZodType;
  body?: z.ZodType;
}

/** Every documented API call (it has tags); the documentation's own files are among the other routes. */
const apiRoutes: ApiRouteDoc[] = [];
function collectApiRoute(route: RouteOptions) {
  const schema = route.schema as { tags?: string[]; querystring?: z.ZodType; body?: z.ZodType } | undefined;
  if (!route.url.startsWith('/api/') || !schema?.tags || route.method === 'HEAD') return;
  const method = route.method as ApiRouteDoc['method'];
  apiRoutes.push({ method, url: route.url, query: schema.querystring, body: schema.body });
}

// ---------------------------------------------------------------------------------------------------------------
// The seed data's generator: the same seed gives the same inputs.

function createRandom(start: number) {
  const random = createSeededRandom(start);
  return { ...random, int: (below: number) => random.int(0, below - 1) };
}
type Random = ReturnType<typeof createRandom>;

// ---------------------------------------------------------------------------------------------------------------
// Values

const nul = '\u0000';
const texts = [
  '',
  'a',
  'Hartklop',
  'Zoë Ørsted-Łukasz',
  '👩‍❤️‍💋‍👨🏳️‍🌈',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  '\uD800 lone surrogate',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00%zz',
  '   ',
  'ج\u0000',
  '\u0001\u0007\u001F\u007F',
  'ＮＬ',
  'nl-NL',
  'a@b.c',
];
/** Ids and cursors no row can have, or not written as an id. */
const badIds: unknown[] = [
  2_147_483_648,
  2_147_483_647_000,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  -1,
  0,
  -0,
  1.5,
  1e-7,
  '1',
  '2147483648',
  '',
  '1e3',
  true,
  null,
  [1],
  { id: 1 },
  [],
];
const badIdTexts = [
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '-1',
  '0',
  '00',
  '01',
  '1.5',
  '1.0',
  '1e3',
  ' 1',
  '1 ',
  '+1',
  '0x10',
  'Infinity',
  'NaN',
  'abc',
  '١٢',
  '',
  '1\u0000',
];

function withNul(random: Random, text: string): string {
  const at = random.int(text.length + 1);
  return `${text.slice(0, at)}${nul}${text.slice(at)}`;
}

function randomText(random: Random): string {
  const base = random.pick(texts);
  return random.chance(0.2) ? base.repeat(1 + random.int(40)) : base;
}

/** A value nested too deep for `JSON.stringify` in this process: its JSON text, spliced in by `toJsonText`. */
class DeepJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** Arrays and objects nested up to 20,000 deep, around a NUL or a number. */
function deeplyNested(random: Random): unknown {
  const depth = random.pick([40, 1_000, 20_000]);
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level++) {
    const array = random.chance(0.5);
    open += array ? '[' : '{"a":';
    close = (array ? ']' : '}') + close;
  }
  return new DeepJson(`${open}${random.chance(0.5) ? '"\\u0000"' : '1'}${close}`);
}

/** `JSON.stringify`, with each DeepJson's text as it is. */
function toJsonText(value: unknown): string | undefined {
  const deep: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof DeepJson ? `\u0001deep${deep.push(item.text) - 1}` : item,
  );
  return text?.replace(/"\\u0001deep(\d+)"/g, (_match, index: string) => deep[Number(index)]!);
}

/** A value of another type than the example's, or an absurd one. */
function wrongType(random: Random, example: unknown): unknown {
  const options: unknown[] = [
    42,
    -1,
    1.5,
    true,
    false,
    null,
    [],
    ['a', 'b'],
    {},
    { nested: { deeper: 'a' } },
    'x'.repeat(200_001),
    '🔥'.repeat(50_001),
  ];
  const candidates = options.filter((value) => typeof value !== typeof example || Array.isArray(example));
  return random.chance(0.1) ? deeplyNested(random) : random.pick(candidates);
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas: the keys a body or query has, and which of them are ids

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: { _zod: { def: ZodDef } };
  innerType?: z.ZodType;
  in?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

function objectDef(schema: z.ZodType | undefined): ZodDef | null {
  let current = schema;
  while (current) {
    const def = defOf(current);
    if (def.type === 'object') return def;
    current = def.innerType ?? def.in;
  }
  return null;
}

const idKeyPattern = /(^|_)id$|^cursor$/;

/** Plausible values for each route, so that one poisoned field is the only fault of an input. */
const examples: Record<string, Record<string, unknown>> = {
  'GET /api/settings.php': { 'forced-domain': 'localhost' },
  'GET /api/regions.php': { country: 'NL' },
  'GET /api/geocode.php': { lat: '52.09', lon: '5.12' },
  'GET /api/member.php': { id: '2' },
  'GET /api/search.php': { gender: 'female', country: 'NL', min_age: '20', max_age: '45', cursor: '4' },
  'GET /api/activate.php': { token: 'dGhpcy1pcy1ub3QtYS10b2tlbg' },
  'GET /api/reactivate.php': { token: 'dGhpcy1pcy1ub3QtYS10b2tlbg' },
  'GET /api/discountcode.php': { code: 'WELKOM10' },
  'PUT /api/profile.php': {
    gender: 'female',
    about_me: 'Ik hou van fietsen en lange wandelingen.',
    interests: ['music'],
    country: 'NL',
    region: 'NL-UT',
    city: 'Utrecht',
  },
  'PUT /api/photos.php': { id: 1 },
  'DELETE /api/photos.php': { id: 1 },
  'POST /api/blocks.php': { profile_id: 3 },
  'DELETE /api/blocks.php': { profile_id: 3 },
  'POST /api/complaints.php': {
    name: 'Jan de Vries',
    email: 'jan@example.com',
    category: 'other',
    profile: '',
    message: 'Dit is een klacht van meer dan twintig tekens.',
  },
  'POST /api/user.php': { email: 'niemand@example.com', password: 'geheim-wachtwoord' },
  'PUT /api/user.php': { language: 'en' },
  'PUT /api/signup-step.php': { step: 2, push_choice: 'declined' },
  'POST /api/signup.php': {
    email: 'nieuw@example.com',
    name: 'Nieuwkomer',
    password: 'sterk-genoeg-123',
    date_of_birth: '1990-05-17',
    signup_message: 'Hallo',
    tracking: { utm_source: 'fuzz' },
    target_profile_id: 2,
  },
  'POST /api/password-reset.php': { email: 'niemand@example.com' },
  'POST /api/password-reset-do.php': {
    token: 'dGhpcy1pcy1ub3QtYS10b2tlbg',
    password: 'sterk-genoeg-123',
    password_repeat: 'sterk-genoeg-123',
  },
  'PUT /api/account-settings.php': { invisible: true, notifications: { email: { news: false } } },
  'POST /api/password.php': {
    old_password: demoPassword,
    password: 'sterk-genoeg-123',
    password_repeat: 'sterk-genoeg-123',
  },
  'POST /api/mail-change.php': { email: 'ander@example.com', password: demoPassword },
  'POST /api/mail-change-do.php': { token: 'dGhpcy1pcy1ub3QtYS10b2tlbg' },
  'POST /api/delete-account.php': { reason: 'other', comment: '', password: demoPassword },
};

/** The example of a route, completed with a text for each schema key it does not name. */
function exampleFor(route: ApiRouteDoc, schema: z.ZodType | undefined): Record<string, unknown> {
  const given = examples[`${route.method} ${route.url}`] ?? {};
  const keys = Object.keys(objectDef(schema)?.shape ?? {});
  const example: Record<string, unknown> = {};
  for (const key of keys) example[key] = key in given ? given[key] : idKeyPattern.test(key) ? '2' : 'Hartklop';
  return example;
}

// ---------------------------------------------------------------------------------------------------------------
// Bad inputs

interface BadInput {
  label: string;
  options: InjectOptions;
}

/** Whether a NUL character is in any text or key of the value (JSON writes it as an escape). */
const containsNul = (value: unknown): boolean => toJsonText(value)?.includes('\\u0000') ?? false;

/** Puts a NUL character into one string of the value (or the value itself), at any depth. */
function poisonWithNul(random: Random, value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withNul(random, value);
  if (depth > 20) return withNul(random, 'deep');
  if (Array.isArray(value) && value.length > 0) {
    const copy = [...value];
    const at = random.int(copy.length);
    copy[at] = poisonWithNul(random, copy[at], depth + 1);
    return copy;
  }
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    const copy: Record<string, unknown> = { ...value };
    const key = random.pick(Object.keys(copy));
    if (random.chance(0.15)) {
      delete copy[key];
      copy[withNul(random, key)] = value[key as keyof typeof value];
    } else copy[key] = poisonWithNul(random, copy[key], depth + 1);
    return copy;
  }
  return withNul(random, randomText(random));
}

/**
 * One bad JSON body: the route's example with one or more faults. A fault the schema itself must refuse (a wrong
 * type, an unknown key, a too long text) is kept only when the schema does refuse it; a NUL character and an id no
 * row can have are bad whatever today's schema says.
 */
function badBody(random: Random, schema: z.ZodType | undefined, example: Record<string, unknown>) {
  const keys = Object.keys(example);
  const idKeys = keys.filter((key) => idKeyPattern.test(key));
  const strict = objectDef(schema)?.catchall?._zod.def.type === 'never';
  const refused = (value: unknown) => (schema ? !schema.safeParse(value).success : false);
  const kind = random.pick([
    'nul',
    'nul',
    'nul',
    'nul-deep',
    'id',
    'id',
    'type',
    'type',
    'unknown-key',
    'top-level',
    'long',
    'missing',
  ] as const);
  let body: unknown = { ...example };
  const set = (key: string, value: unknown) => {
    body = { ...(body as object), [key]: value };
  };
  switch (kind) {
    case 'nul':
      body = poisonWithNul(random, body);
      break;
    case 'nul-deep':
      set(random.pick([...keys, 'extra']), random.pick([[`a${nul}`], { x: [{ y: nul }] }, deeplyNested(random)]));
      break;
    case 'id':
      if (idKeys.length > 0) set(random.pick(idKeys), random.pick(badIds));
      break;
    case 'type':
      if (keys.length > 0) {
        const key = random.pick(keys);
        set(key, wrongType(random, example[key]));
      }
      break;
    case 'unknown-key':
      if (strict) set(random.pick(['is_admin', 'credits', 'paid_user', 'site_id', '__proto__x', '']), true);
      break;
    case 'top-level':
      body = random.pick([[], [example], 'tekst', 42, true, null, keys.length > 0 ? [keys] : 'x']);
      break;
    case 'long':
      if (keys.length > 0) set(random.pick(keys), random.pick(['x', 'é', '🔥', `a${nul}`]).repeat(200_001));
      break;
    case 'missing':
      if (keys.length > 0) {
        const { [random.pick(keys)]: _dropped, ...rest } = example;
        body = rest;
      }
      break;
  }
  const idFault = kind === 'id' && idKeys.length > 0;
  if (!containsNul(body) && !idFault && !refused(body)) {
    const base =
      body !== null && typeof body === 'object' && Object.keys(body).length > 0 ? body : { ...example, x: 'a' };
    body = poisonWithNul(random, base);
  }
  return { label: `body:${kind}`, text: toJsonText(body)! };
}

/** Raw texts that are no JSON, or JSON a body must not be. */
const malformedJson = [
  '',
  '{',
  '{"a":}',
  '{"email":"x"',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":1}}',
  '{"a":"\u0001"}',
  '{"__proto__":{"is_admin":true}}',
  '{"constructor":{"prototype":{"is_admin":true}}}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  '1e999',
  '"\\ud800"',
  '\u0000',
  '{"a":1,"a":"\\u0000"}',
  '\uFEFF{"\\u0000":1}',
];

/** Whether the server's parser takes the text as JSON without a NUL character (checked on the text: a value parsed
 * from 100,000 nested arrays is too deep to write back here). */
function parsesWithoutNul(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return false;
  }
  return !text.includes(nul) && !text.includes('\\u0000');
}

/** How the body is sent: mostly as JSON, sometimes with another (or no) content type, encoding or size. */
function transport(random: Random, text: string): Pick<InjectOptions, 'payload' | 'headers'> & { label: string } {
  const roll = random.next();
  if (roll < 0.7) return { label: 'json', payload: text, headers: { 'content-type': 'application/json' } };
  const variant = random.pick([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'image/png',
    'application/json; charset=utf-16',
    'application/json; charset=iso-8859-1',
    'APPLICATION/JSON',
    'application/vnd.api+json',
    'application/json, text/plain',
    'gzip',
    'none',
    'huge',
  ] as const);
  if (variant === 'none') return { label: 'no-content-type', payload: text };
  if (variant === 'gzip') {
    return {
      label: 'gzip',
      payload: text,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    };
  }
  if (variant === 'huge') {
    return {
      label: 'huge',
      payload: `{"a":"${'x'.repeat(1_100_000)}"}`,
      headers: { 'content-type': 'application/json' },
    };
  }
  return { label: variant, payload: text, headers: { 'content-type': variant } };
}

type QueryValues = Record<string, string | string[]>;

/** Percent-encodes a text; a lone surrogate goes out as the bytes of one (what a sloppy client sends). */
function encode(text: string): string {
  return text.isWellFormed() ? encodeURIComponent(text) : `${encodeURIComponent(text.toWellFormed())}%ED%A0%80`;
}

function encodeQuery(values: QueryValues): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(`${encode(key)}=${encode(item)}`);
    }
  }
  return parts.join('&');
}

/** One bad query string: the route's example with a NUL character, a repeated key, a bad id or a refused value. */
function badQuery(random: Random, schema: z.ZodType | undefined, example: Record<string, unknown>) {
  const values: QueryValues = Object.fromEntries(Object.entries(example).map(([key, value]) => [key, String(value)]));
  const keys = Object.keys(values);
  const idKeys = keys.filter((key) => idKeyPattern.test(key));
  const refused = (value: QueryValues) => (schema ? !schema.safeParse(value).success : false);
  const kind = random.pick(['nul', 'nul', 'nul-key', 'repeat', 'repeat', 'id', 'id', 'long', 'raw'] as const);
  const key = keys.length > 0 ? random.pick(keys) : 'q';
  let raw = '';
  switch (kind) {
    case 'nul':
      values[key] = withNul(random, values[key] === undefined ? randomText(random) : String(values[key]));
      break;
    case 'nul-key':
      values[withNul(random, key)] = randomText(random);
      break;
    case 'repeat':
      values[key] = [String(values[key] ?? 'a'), random.pick([String(values[key] ?? 'a'), '', randomText(random)])];
      break;
    case 'id':
      if (idKeys.length > 0) values[random.pick(idKeys)] = random.pick(badIdTexts);
      else values[key] = [String(values[key] ?? '1'), '2'];
      break;
    case 'long':
      values[key] = random.pick(['x', '9', '%']).repeat(random.pick([1_000, 70_000]));
      break;
    case 'raw':
      raw = random.pick(['&%zz=1', '&%=%', '&=', '&&&', '&a[]=1&a[0]=2', '&%E0%A4%A=1', '&__proto__=1']);
      break;
  }
  const bad = Object.values(values).some((value) => Array.isArray(value) || containsNul(value));
  const badId = kind === 'id' && idKeys.length > 0;
  if (!bad && !badId && !refused(values)) values[key] = [String(values[key] ?? 'a'), nul];
  return { label: `query:${kind}`, query: encodeQuery(values) + raw };
}

/** Bad inputs for one API route. `inputOnly` limits them to ones refused before the handler runs. */
function badInputsFor(random: Random, route: ApiRouteDoc, count: number, inputOnly: boolean): BadInput[] {
  const inputs: BadInput[] = [];
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  for (let index = 0; index < count; index++) {
    const headers: Record<string, string> = {};
    if (hasBody && random.chance(0.2)) {
      headers['idempotency-key'] = random.pick([
        'fuzz-key-00000001',
        `fuzz-${index}-${random.int(1e9)}`,
        'x',
        'a key with spaces',
      ]);
    }
    if (inputOnly) {
      // Refused before the handler (which would grant a code or send a mail) runs: no JSON, or a NUL character.
      const text = random.pick(malformedJson.filter((item) => !parsesWithoutNul(item)));
      const huge = random.chance(0.1);
      inputs.push({
        label: huge ? 'body:huge' : 'body:malformed',
        options: {
          method: route.method,
          url: route.url,
          headers: { ...headers, 'content-type': random.pick(['application/json', 'application/json; charset=utf-8']) },
          payload: huge ? `{"a":"${'x'.repeat(1_100_000)}"}` : text,
        },
      });
      continue;
    }
    let query = '';
    let label = '';
    if (route.query) {
      const bad = badQuery(random, route.query, exampleFor(route, route.query));
      query = bad.query;
      label = bad.label;
    } else if (!hasBody || random.chance(0.3)) {
      query = encodeQuery({ [withNul(random, 'q')]: withNul(random, randomText(random)), id: ['1', '2'] });
      label = 'query:unexpected';
    }
    const options: InjectOptions = { method: route.method, url: query ? `${route.url}?${query}` : route.url, headers };
    if (hasBody && (route.body || !route.query || random.chance(0.5))) {
      const useMalformed = random.chance(0.15);
      const text = useMalformed
        ? random.pick(malformedJson)
        : route.body || random.chance(0.5)
          ? badBody(random, route.body, exampleFor(route, route.body)).text
          : JSON.stringify(poisonWithNul(random, { a: randomText(random) }));
      const sent =
        route.body && !useMalformed
          ? transport(random, text)
          : { label: 'json', payload: text, headers: { 'content-type': 'application/json' } };
      options.payload = sent.payload;
      options.headers = { ...headers, ...sent.headers };
      label = `${label} ${useMalformed ? 'body:malformed' : 'body'} ${sent.label}`.trim();
    }
    inputs.push({ label: label || 'plain', options });
  }
  return inputs;
}

/** The raw photo upload: anything but an image. */
function badUploads(random: Random, count: number): BadInput[] {
  const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  const pngStart = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
  const bodies = [
    () => Buffer.alloc(0),
    () => Buffer.from(nul),
    () => jpegStart,
    () => Buffer.concat([jpegStart, Buffer.alloc(2_000, 0xaa)]),
    () => pngStart,
    () => Buffer.from('GIF89a'),
    () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"'),
    () => Buffer.from('{"id":1}'),
    () => Buffer.from(Array.from({ length: 4_096 }, () => random.int(256))),
    () => Buffer.alloc(10 * 1024 * 1024 + 1, 0xff),
  ];
  const types = [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/svg+xml',
    'image/',
    'image/x-\u00e9',
    'application/json',
    'text/plain',
    'application/octet-stream',
    'multipart/form-data; boundary=x',
  ];
  return Array.from({ length: count }, () => {
    const body = random.pick(bodies)();
    const type = random.pick(types);
    return {
      label: `upload ${type} ${body.length} bytes`,
      options: {
        method: 'POST',
        url: '/api/photos.php',
        headers: { 'content-type': type },
        payload: type === 'application/json' ? body.toString('latin1') : body,
      },
    };
  });
}

/** Routes without a schema: photo files, the local mailbox, the API documentation, unknown API paths. */
function otherInputs(random: Random, count: number): BadInput[] {
  const segments = [
    nul,
    '%00',
    '%zz',
    '%',
    '..%2f..%2fetc%2fpasswd',
    '../../package.json',
    '%2e%2e/%2e%2e/app.ts',
    'a'.repeat(5_000),
    '🔥.jpg',
    '000000000000000000000000_blur.jpg',
    'ffffffffffffffffffffffff_thumb.jpg',
    'ffffffffffffffffffffffff.jpg%00.png',
    '.jpg',
    '',
    ' ',
    '\\..\\..\\',
  ];
  // What an HTTP client can send: control characters, spaces and non-ASCII only percent-encoded.
  const segment = () =>
    Array.from(random.pick(segments), (char) =>
      char.codePointAt(0)! <= 0x20 || char.codePointAt(0)! >= 0x7f || char === '\\' ? encodeURIComponent(char) : char,
    ).join('');
  const makers: (() => BadInput)[] = [
    () => ({ label: 'cdn', options: { method: 'GET', url: `/cdn/photos/${segment()}` } }),
    () => ({ label: 'cdn', options: { method: 'GET', url: `/cdn/${segment()}/${segment()}` } }),
    () => ({
      label: 'cdn-query',
      options: { method: 'GET', url: `/cdn/photos/x.jpg?${encodeQuery({ a: [nul, '1'], [nul]: 'b' })}` },
    }),
    () => ({
      label: 'cdn-method',
      options: { method: random.pick(['POST', 'PUT', 'DELETE'] as const), url: '/cdn/photos/a.jpg' },
    }),
    () => ({
      label: 'mailbox-id',
      options: { method: 'GET', url: `/dev/mailbox/${encodeURIComponent(random.pick(badIdTexts))}` },
    }),
    () => ({
      label: 'mailbox-json',
      options: {
        method: 'GET',
        url: `/dev/mailbox.json?${random.pick([
          'to=a&to=b',
          `to=${encodeURIComponent(withNul(random, 'a@b.nl'))}`,
          `to=${'x'.repeat(70_000)}`,
          'to[]=a',
          '%zz=1',
        ])}`,
      },
    }),
    () => ({ label: 'mailbox', options: { method: 'GET', url: `/dev/mailbox?${encodeQuery({ x: [nul, '2'] })}` } }),
    () => ({ label: 'docs', options: { method: 'GET', url: `/api/docs?${encodeQuery({ a: [nul, nul] })}` } }),
    () => ({ label: 'docs-json', options: { method: 'GET', url: `/api/docs/json?${encodeQuery({ [nul]: 'a' })}` } }),
    () => ({ label: 'docs-static', options: { method: 'GET', url: `/api/docs/static/${segment()}` } }),
    () => ({
      label: 'unknown-api',
      options: {
        method: random.pick(['GET', 'POST', 'PATCH', 'DELETE'] as const),
        url: `/api/${random.pick(['nope.php', '%00', 'user.php%00', 'user.php/..', '..%2fuser.php', 'member.php/2147483648'])}`,
        headers: { 'content-type': 'application/json' },
        payload: random.chance(0.5) ? '{"a":"\\u0000"}' : undefined,
      },
    }),
  ];
  return Array.from({ length: count }, () => random.pick(makers)());
}

// ---------------------------------------------------------------------------------------------------------------
// The database before and after

/** The rows of a raw query, alike on PGlite and node-postgres. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function tableHashes(t: TestApp): Promise<Map<string, string>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.database.db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const names = tables.map((row) => row.table_name).filter((name) => !tablesAllowedToChange.has(name));
  const union = sql.join(
    names.map(
      (name) =>
        sql`select ${name}::text as name, count(*)::int as rows,
              md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as hash
            from ${sql.identifier(name)} t`,
    ),
    sql` union all `,
  );
  const result = rowsOf<{ name: string; rows: number; hash: string }>(await t.database.db.execute(union));
  return new Map(result.map((row) => [row.name, `${row.rows} rows, ${row.hash}`]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}

// ---------------------------------------------------------------------------------------------------------------

let t: TestApp;
let memberCookie: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 6, onRoute: collectApiRoute });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' },
    payload: JSON.stringify({ email: demoAccounts[0].email, password: demoPassword }),
  });
  memberCookie = sessionCookie(login);
});
afterAll(() => t?.close());

describe(`bad input on ${testDatabaseKind()}`, () => {
  // About 2,300 requests; well under a minute, with room for a busy machine.
  it('answers 4xx, never 5xx, and changes no row, on every route, logged out and logged in', {
    timeout: 180_000,
  }, async () => {
    const random = createRandom(seed);
    const failures: string[] = [];
    const changes: string[] = [];
    let sent = 0;
    const groups: { name: string; loggedIn: boolean; inputs: BadInput[] }[] = [];
    for (const loggedIn of [false, true]) {
      for (const route of apiRoutes) {
        const name = `${route.method} ${route.url}`;
        const isUpload = name === 'POST /api/photos.php';
        // Calls without input that change state (log out, grant a code, send a mail): only bodies the parser
        // refuses, so the call itself never runs for a logged-in member. Logging out takes no input at all.
        const acts = !route.query && !route.body && (route.method !== 'GET' || route.url === '/api/logout.php');
        if (loggedIn && route.url === '/api/logout.php') continue;
        const count = loggedIn ? memberCasesPerRoute : casesPerRoute;
        const inputs = isUpload
          ? [...badUploads(random, count), ...badInputsFor(random, route, 4, loggedIn)]
          : badInputsFor(random, route, count, loggedIn && acts);
        groups.push({ name, loggedIn, inputs });
      }
      groups.push({ name: 'other routes', loggedIn, inputs: otherInputs(random, loggedIn ? 60 : 120) });
    }

    let before = await tableHashes(t);
    for (const group of groups) {
      const started = performance.now();
      for (const input of group.inputs) {
        const options = input.options;
        const response = await t.app.inject({
          ...options,
          headers: {
            host: 'localhost',
            'x-request-type': 'client',
            ...(group.loggedIn ? { cookie: memberCookie } : {}),
            ...(options.headers as Record<string, string>),
          },
        });
        sent++;
        if (response.statusCode >= 500) {
          const payload =
            typeof options.payload === 'string'
              ? options.payload
              : `<${Buffer.isBuffer(options.payload) ? options.payload.length : 0} bytes>`;
          failures.push(
            `${response.statusCode} ${group.loggedIn ? 'member' : 'visitor'} ${options.method} ${String(options.url).slice(0, 160)} ` +
              `[${input.label}] ${payload.slice(0, 160)} → ${response.body.slice(0, 120)}`,
          );
        }
      }
      if (process.env.FUZZ_DEBUG) {
        const who = group.loggedIn ? 'member' : 'visitor';
        console.log(
          `${who} ${group.name}: ${group.inputs.length} inputs, ${Math.round(performance.now() - started)} ms`,
        );
      }
      const after = await tableHashes(t);
      const changed = changedTables(before, after);
      before = after;
      if (changed.length > 0) {
        changes.push(`${group.loggedIn ? 'member' : 'visitor'} ${group.name}: ${changed.join(', ')}`);
      }
    }

    if (process.env.FUZZ_DEBUG) console.log([`${sent} requests`, ...failures, ...changes].join('\n'));
    expect(sent).toBeGreaterThan(2_000);
    expect(failures.slice(0, 40), `${failures.length} answers with 5xx (seed ${seed})`).toEqual([]);
    expect(changes, `changed rows (seed ${seed})`).toEqual([]);
    // The member is still logged in: no bad input ended the session.
    const me = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie: memberCookie } });
    expect(me.statusCode).toBe(200);
  });
});
