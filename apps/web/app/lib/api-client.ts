import type { ErrorBody } from '@app/shared/errors/error-codes';

/** An error answer of the API: its registered code and the text in the visitor's language. */
export class ApiRequestError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, body: Partial<ErrorBody> & { field?: string }) {
    super(body.message ?? body.error ?? `HTTP ${status}`);
    this.status = status;
    this.code = body.error ?? 'internal_error';
    this.field = body.field;
  }
}

const maxAttempts = 5;
const retryable = new Set([502, 503, 504]);

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Calls the JSON API with the client header. Reads are retried up to 5 times with exponential back-off on
 * network failures and gateway errors.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const attempts = method === 'GET' ? maxAttempts : 1;
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
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      lastError = error;
      continue;
    }
    if (response.ok) return (await response.json()) as T;
    const payload = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    lastError = new ApiRequestError(response.status, payload);
    if (!retryable.has(response.status)) break;
  }
  throw lastError;
}
