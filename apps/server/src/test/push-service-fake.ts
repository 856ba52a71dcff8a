import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSelfSignedCertificate } from './self-signed-certificate.ts';

/*
 * A local stand-in for a browser's push service (RFC 8030) and the browser behind it. It answers the way FCM and
 * Mozilla's autopush do: a push must carry a VAPID authorization (RFC 8292) signed by the key the subscription was made
 * with, for this service's origin, valid for at most 24 hours; a TTL header; an aes128gcm body (RFC 8188). It
 * decrypts each body with the subscription's private key and auth secret (RFC 8291), as the browser would, so tests
 * read what the member's device would show. HTTPS on 127.0.0.1 with a certificate made at start: a sender must trust
 * `certificate`.
 */

export interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

interface ReceivedPush {
  /** The subscription's endpoint. */
  endpoint: string;
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  contentEncoding: string | undefined;
  /** The VAPID claims the push carried (already checked). */
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted body as text (empty for a push without data). */
  payload: string;
}

interface Device {
  endpoint: string;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  /** The VAPID public key (the page's `applicationServerKey`) the subscription was made for. */
  applicationServerKey: string;
}

const maxClaimSeconds = 24 * 3_600;

/** The public key (a raw uncompressed P-256 point) as a key object, or null when it is not one. */
function publicKeyOf(point: Buffer) {
  if (point.length !== 65 || point[0] !== 4) return null;
  try {
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the claims when the JWT is well-formed and signed by k, else null. */
function readVapid(header: string | undefined): { key: string; claims: Record<string, unknown> } | null {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) return null;
  const fields = new Map(
    match[1]!.split(',').map((part) => {
      const [name, ...rest] = part.trim().split('=');
      return [name!.trim(), rest.join('=').trim()] as const;
    }),
  );
  const token = fields.get('t');
  const key = fields.get('k');
  if (!token || !key) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    if (header.alg !== 'ES256') return null;
    const publicKey = publicKeyOf(Buffer.from(key, 'base64url'));
    if (!publicKey) return null;
    const valid = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) return null;
    return { key, claims: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) };
  } catch {
    return null;
  }
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 with RFC 8188's aes128gcm: what the browser does with a push's body. Throws when it cannot. */
function decrypt(device: Device, body: Buffer): string {
  if (body.length === 0) return '';
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  const secret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = hkdf(device.auth, secret, keyInfo, 32);
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    const recordNonce = Buffer.from(nonce);
    // The sequence number is XORed into the nonce's end (it never passes 32 bits here).
    recordNonce.writeUInt32BE((recordNonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', key, recordNonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: zeros after a delimiter, 2 on the last record, 1 on the others.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (end < 0 || (padded[end] !== 2 && padded[end] !== 1)) throw new Error('no padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain).toString('utf8');
}

export interface PushServiceFake {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`, for the push service allow-list. */
  host: string;
  /** The PEM certificate a sender must trust. */
  certificate: string;
  /** A subscription as a browser gives it after `pushManager.subscribe({ applicationServerKey })`. */
  createSubscription(applicationServerKey: string): FakeSubscription;
  /** Every push accepted, oldest first. */
  received: ReceivedPush[];
  /** Every refusal, with its status and why (for a test's message). */
  refused: { endpoint: string; status: number; reason: string }[];
  /** Answers this status for the endpoint from now on (404 or 410: the subscription is gone; 429; 500). */
  answerWith(endpoint: string, status: number): void;
  clear(): void;
  close(): Promise<void>;
}

export async function startPushServiceFake(): Promise<PushServiceFake> {
  const { key, cert } = createSelfSignedCertificate();
  const devices = new Map<string, Device>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: PushServiceFake['refused'] = [];
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${origin}${request.url}`;
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const device = devices.get(endpoint);
    if (request.method !== 'POST' || !device) return refuse(404, 'no such subscription');
    const forced = answers.get(endpoint);
    if (forced !== undefined) return refuse(forced, `answering ${forced} as told`);
    const vapid = readVapid(request.headers.authorization);
    if (!vapid) return refuse(401, 'missing or invalid VAPID authorization');
    if (vapid.key !== device.applicationServerKey) {
      return refuse(403, 'VAPID key differs from the subscription’s applicationServerKey');
    }
    const { aud, exp, sub } = vapid.claims as { aud?: unknown; exp?: unknown; sub?: unknown };
    const nowSeconds = Math.floor(Date.now() / 1_000);
    if (aud !== origin) return refuse(401, `VAPID aud ${String(aud)} is not ${origin}`);
    if (typeof exp !== 'number' || exp <= nowSeconds || exp > nowSeconds + maxClaimSeconds) {
      return refuse(401, 'VAPID exp is not within the next 24 hours');
    }
    if (typeof sub !== 'string' || !/^(mailto:.+@.+|https:\/\/.+)$/.test(sub)) {
      return refuse(401, 'VAPID sub is not a mailto: or https: URL');
    }
    const ttl = request.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return refuse(400, 'missing TTL header');
    const topic = request.headers.topic as string | undefined;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(400, 'invalid Topic');
    const urgency = request.headers.urgency as string | undefined;
    if (urgency !== undefined && !['very-low', 'low', 'normal', 'high'].includes(urgency)) {
      return refuse(400, 'invalid Urgency');
    }
    const contentEncoding = request.headers['content-encoding'];
    if (body.length > 0 && contentEncoding !== 'aes128gcm') return refuse(415, 'only aes128gcm bodies');
    if (body.length > 4_096) return refuse(413, 'payload over 4096 bytes');
    let payload: string;
    try {
      payload = decrypt(device, body);
    } catch (error) {
      return refuse(400, `body does not decrypt: ${(error as Error).message}`);
    }
    received.push({
      endpoint,
      ttl: Number(ttl),
      topic,
      urgency,
      contentEncoding,
      claims: { aud, exp, sub },
      payload,
    });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
  }

  const server = createServer({ key, cert }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    host: `127.0.0.1:${port}`,
    certificate: cert,
    createSubscription(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      devices.set(endpoint, { endpoint, ecdh, publicKey, auth, applicationServerKey });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    received,
    refused,
    answerWith(endpoint, status) {
      answers.set(endpoint, status);
    },
    clear() {
      received.length = 0;
      refused.length = 0;
      answers.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
