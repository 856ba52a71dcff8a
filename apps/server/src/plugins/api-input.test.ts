import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCatalogs } from '../i18n/catalogs.ts';
import { errorResponses } from '../lib/api-schema.ts';
import { registerApiInput } from './api-input.ts';
import { registerErrorHandling } from './errors.ts';

async function appAnswering(answer: unknown) {
  const app = Fastify();
  registerErrorHandling(app, loadCatalogs());
  registerApiInput(app);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/answer.php',
    schema: {
      tags: ['test'],
      response: { 200: z.object({ count: z.int() }), ...errorResponses('not_found') },
    },
    handler: async () => answer as { count: number },
  });
  await app.ready();
  return app;
}

describe('answers are serialized through their schema', () => {
  it('sends what the schema describes, and nothing it does not', async () => {
    const app = await appAnswering({ count: 3, password_hash: 'secret' });
    const response = await app.inject({ url: '/api/answer.php' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 3 });
  });

  it('answers 500 internal_error when the answer does not match its schema', async () => {
    const app = await appAnswering({ count: 'three' });
    const response = await app.inject({ url: '/api/answer.php' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', message: expect.any(String) });
  });
});
