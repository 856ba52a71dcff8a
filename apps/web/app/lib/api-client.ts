import type { ErrorBody } from '@app/shared/errors/error-body';

/** An error answer of the API: its registered code and the text in the visitor's language. */
export class ApiRequestError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message ?? body.error ?? `HTTP ${status}`);
    this.status = status;
    this.code = body.error ?? 'internal_error';
    this.field = body.field;
  }
}

const maxAttempts = 5;
const retryable = new Set([502, 503, 504]);
const stateChanging = new Set(['POST', 'PUT', 'DELETE']);

/**
 * Logs out with the client header (a plain navigation to /api/logout.php only asks), then leaves for the home
 * page whatever the answer: the session is gone or going either way.
 */
export async function logOut() {
  try {
    await fetch('/api/logout.php', {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-request-type': 'client' },
    });
  } finally {
    window.location.assign('/');
  }
}

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Calls the JSON API with the client header. A failed call (network, gateway, or the same call still running) is
 * retried up to 5 times with exponential back-off; a state-changing call keeps one Idempotency-Key across its
 * retries, so the server answers a retry with the first answer instead of doing the work twice.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  return sendRequest<T>(
    method,
    url,
    body === undefined ? undefined : { type: 'application/json', data: JSON.stringify(body) },
  );
}

async function sendRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: { type: string; data: BodyInit } | undefined,
): Promise<T> {
  const attempts = maxAttempts;
  const idempotencyKey = stateChanging.has(method) ? newIdempotencyKey() : undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await wait(250 * 2 ** (attempt - 1));
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          'x-request-type': 'client',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          ...(body ? { 'content-type': body.type } : {}),
        },
        body: body?.data,
      });
    } catch (error) {
      lastError = error;
      continue;
    }
    if (response.ok) return (await response.json()) as T;
    const payload = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    lastError = new ApiRequestError(response.status, payload);
    if (payload.error === 'authentication_required' && !url.startsWith('/api/user.php')) {
      void logOut();
      break;
    }
    if (!retryable.has(response.status) && payload.error !== 'request_in_progress') break;
  }
  throw lastError;
}
