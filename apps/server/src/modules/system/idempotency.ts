import { createHash } from 'node:crypto';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendRouteHook, takesStateChangingMethod } from '../../lib/route-hooks.ts';
import type { IdempotencyRepository } from './idempotency.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
  interface FastifyContextConfig {
    /**
     * False for calls whose answer must never be handed out again: logging in and out, signup, and password or
     * e-mail changes. Their Idempotency-Key is ignored and a retry runs (and is checked) again.
     */
    replayable?: boolean;
  }
}

const keyPattern = /^[A-Za-z0-9_-]{8,100}$/;
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One request's identity: a key reused with another method, path, query or body is refused. */
function hashRequest(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else hash.update(JSON.stringify(body ?? null));
  return hash.digest('hex');
}

/**
 * Honours the `Idempotency-Key` header of state-changing API calls: the first answer is stored and a retry with
 * the same key gets it again instead of doing the work twice. A key belongs to one caller (member, or visitor
 * address) and one request; a retry while the first is still running gets 409; a 5xx answer is not kept, so the
 * retry does the work. A replay never sets a cookie: calls that log in or change credentials are not replayable.
 */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { repository: IdempotencyRepository; now: () => Date },
) {
  app.decorateRequest('idempotencyKey', null);

  const scopedKeyOf = (request: FastifyRequest, key: string) =>
    `${request.site.id}:${request.user ? `u${request.user.id}` : `ip${request.ip}`}:${key}`;

  // Before the route's schemas run: a refused input is a first answer too, and the key belongs to the body as sent.
  // Only on the API calls that may change state and may be replayed, decided as each route is registered.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.replayable === false || !takesStateChangingMethod(route))
      return;
    route.preValidation = appendRouteHook(route.preValidation, (request, reply, done) => {
      const header = request.headers['idempotency-key'];
      if (typeof header !== 'string' || !stateChanging.has(request.method)) return done();
      // A replay answers here; the call then goes no further (a callback-style hook that answers never calls done).
      replayOrClaim(request, reply, header).then((replayed) => replayed || done(), done);
    });
  });

  /** Claims the key for this request, or answers the first answer again (true). */
  async function replayOrClaim(request: FastifyRequest, reply: FastifyReply, header: string): Promise<boolean> {
    if (!keyPattern.test(header))
      throw new AppError('validation_failed', 'bad idempotency key', { field: 'Idempotency-Key' });
    const scopedKey = scopedKeyOf(request, header);
    const requestHash = hashRequest(request);
    const existing = await deps.repository.claimKey(scopedKey, requestHash, deps.now());
    if (!existing) {
      request.idempotencyKey = scopedKey;
      return false;
    }
    if (existing.requestHash !== requestHash) {
      throw new AppError('idempotency_key_reused', 'idempotency key used for another request');
    }
    if (existing.status === null || existing.body === null) {
      throw new AppError('request_in_progress', 'idempotent request still running');
    }
    reply.header('idempotent-replay', 'true').header('content-type', 'application/json; charset=utf-8');
    reply.status(existing.status).send(existing.body);
    return true;
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.idempotencyKey;
    if (!key) return done(null, payload);
    request.idempotencyKey = null;
    const stored =
      reply.statusCode >= 500 || typeof payload !== 'string'
        ? deps.repository.releaseKey(key)
        : deps.repository.completeKey(key, { status: reply.statusCode, body: payload });
    stored.then(() => done(null, payload), done);
  });
}
