import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: { url: string; init: RequestInit }[] = [];
let answers: (() => Response | Promise<Response>)[] = [];
const assign = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  answers = [];
  assign.mockReset();
  vi.stubGlobal('window', { location: { assign } });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    return next ? Promise.resolve(next()) : Promise.reject(new TypeError('network down'));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function settle<T>(promise: Promise<T>) {
  const result = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return result;
}

const header = (index: number, name: string) => (calls[index]!.init.headers as Record<string, string>)[name];

describe('apiRequest', () => {
  it('retries a failed call up to 5 times with growing waits, keeping one Idempotency-Key', async () => {
    answers = [() => Promise.reject(new TypeError('x')), () => json(503, {}), () => json(200, { ok: true })].map(
      (answer) => answer as () => Response,
    );
    const result = await settle(apiRequest('POST', '/api/complaints.php', { a: 1 }));
    expect(result).toEqual({ value: { ok: true } });
    expect(calls).toHaveLength(3);
    const key = header(0, 'idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.map((_, index) => header(index, 'idempotency-key'))).toEqual([key, key, key]);
    expect(header(0, 'x-request-type')).toBe('client');
  });

  it('gives up after 5 attempts', async () => {
    const result = await settle(apiRequest('GET', '/api/settings.php'));
    expect(calls).toHaveLength(5);
    expect((result as { error: unknown }).error).toBeInstanceOf(TypeError);
    expect(header(0, 'idempotency-key')).toBeUndefined();
  });

  it('does not retry a refusal, and reports its code and translated text', async () => {
    answers = [() => json(400, { error: 'invalid_email', message: 'Ongeldige e-mail', field: 'email' })];
    const { error } = (await settle(apiRequest('POST', '/api/signup.php', {}))) as { error: ApiRequestError };
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect([error.code, error.message, error.field]).toEqual(['invalid_email', 'Ongeldige e-mail', 'email']);
  });

  it('logs out on 403 authentication_required from any call but the user call', async () => {
    answers = [() => json(403, { error: 'authentication_required', message: 'x' })];
    answers.push(() => json(200, { ok: true }));
    await settle(apiRequest('PUT', '/api/account-settings.php', {}));
    expect(calls[1]!.url).toBe('/api/logout.php');
    expect(header(1, 'x-request-type')).toBe('client');
    expect(assign).toHaveBeenCalledWith('/');

    answers = [() => json(403, { error: 'authentication_required', message: 'x' })];
    assign.mockReset();
    await settle(apiRequest('GET', '/api/user.php'));
    expect(assign).not.toHaveBeenCalled();
  });
});
