import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdempotencyRepository } from '../modules/system/idempotency.repository.ts';
import { setSessionCookie } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
    /** Set when the answer logs a member in, so that a replay can do the same. */
    sessionIssuedFor: number | null;
  }
}

const keyPattern = /^[A-Za-z0-9_-]{8,100}$/;
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Honours the `Idempotency-Key` header of state-changing API calls: the first answer is stored and a retry with
 * the same key gets it again instead of doing the work twice. A retry while the first is still running gets 409;
 * a 5xx answer is not kept, so the retry does the work.
 */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { repository: IdempotencyRepository; createSession(userId: number): Promise<string>; now: () => Date },
) {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('sessionIssuedFor', null);

  const scopedKeyOf = (request: FastifyRequest, key: string) =>
    `${request.site.id}:${request.user ? `u${request.user.id}` : `ip${request.ip}`}:${key}`;

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string' || !request.url.startsWith('/api/') || !stateChanging.has(request.method)) return;
    if (!keyPattern.test(header))
      throw new AppError('validation_failed', 'bad idempotency key', { field: 'Idempotency-Key' });
    const scopedKey = scopedKeyOf(request, header);
    const path = request.url.split('?')[0]!;
    const existing = await deps.repository.claimKey(scopedKey, request.method, path, deps.now());
    if (!existing) {
      request.idempotencyKey = scopedKey;
      return;
    }
    if (existing.method !== request.method || existing.path !== path) {
      throw new AppError('idempotency_key_reused', `key ${header} used for ${existing.method} ${existing.path}`);
    }
    if (existing.status === null || existing.body === null) {
      throw new AppError('request_in_progress', `key ${header} still running`);
    }
    if (existing.sessionUserId !== null) {
      setSessionCookie(request, reply, await deps.createSession(existing.sessionUserId));
    }
    reply.header('idempotent-replay', 'true').header('content-type', 'application/json; charset=utf-8');
    return reply.status(existing.status).send(existing.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    request.idempotencyKey = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await deps.repository.releaseKey(key);
    } else {
      await deps.repository.completeKey(key, {
        status: reply.statusCode,
        body: payload,
        sessionUserId: request.sessionIssuedFor,
      });
    }
    return payload;
  });
}
