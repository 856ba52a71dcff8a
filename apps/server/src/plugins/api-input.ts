import { AppError } from '@app/shared/errors/app-error';
import { findNulCharacter } from '@app/shared/input';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { appendRouteHook } from '../lib/route-hooks.ts';
import { runHook } from '../lib/run-hook.ts';

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** Whether the query schema takes a list for this key (through optional, default and pipe wrappers). */
function takesList(schema: z.ZodType, key: string): boolean {
  let current: z.ZodType | undefined = schema;
  let field: z.ZodType | undefined;
  while (current && !field) {
    const def = defOf(current);
    if (def.type === 'object') field = def.shape?.[key];
    current = def.innerType ?? def.in;
  }
  while (field) {
    const def = defOf(field);
    if (def.type === 'array') return true;
    field = def.innerType ?? def.in;
  }
  return false;
}

/** Refuses (400, naming the field) a NUL character in any text or key of a parsed body or query. */
function refuseNulCharacters(input: unknown): void {
  const field = findNulCharacter(input);
  if (field !== null) throw new AppError('validation_failed', `${field}: NUL character`, { field });
}

/**
 * Every route's input is checked by the zod schemas of its `schema` (querystring, body), and every answer is
 * serialized through its response schema: an answer that does not match is a 500, never a leak.
 * Before the schemas run, on every API call and every route with a schema:
 * - no text or key anywhere in the query or body may hold a NUL character (PostgreSQL cannot store one), also where
 *   the call takes no input at all;
 * - a query key given more than once (`?id=1&id=2`) arrives as a list; where the schema takes one value it is
 *   refused, naming the key, instead of reaching a coercion or the code as an array;
 * - a call with a body schema and no body at all gets `{}` (a JSON `null` is refused by the schema).
 * A schema issue answers the registered error code its message names, else `validation_failed` (plugins/errors.ts).
 */
export function registerApiInput(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // On the routes it concerns, decided once as each is registered: no work at all for the others.
  app.addHook('onRoute', (route) => {
    if (!route.schema && !route.url.startsWith('/api/')) return;
    const querySchema = route.schema?.querystring as z.ZodType | undefined;
    const takesBody = route.schema?.body !== undefined;
    route.preValidation = appendRouteHook(route.preValidation, (request, _reply, done) =>
      runHook(done, () => checkInput(request, querySchema, takesBody)),
    );
  });
}

function checkInput(request: FastifyRequest, querySchema: z.ZodType | undefined, takesBody: boolean): void {
  refuseNulCharacters(request.query);
  refuseNulCharacters(request.body);
  if (querySchema && request.query && typeof request.query === 'object') {
    for (const [key, value] of Object.entries(request.query)) {
      if (Array.isArray(value) && !takesList(querySchema, key)) {
        throw new AppError('validation_failed', `${key}: given more than once`, { field: key });
      }
    }
  }
  if (takesBody && request.body === undefined) request.body = {};
}
