import { errorBodySchema } from '@app/shared/errors/error-body';
import { type ErrorCode, errorCodes } from '@app/shared/errors/error-codes';

type ErrorBodySchema = typeof errorBodySchema;

/**
 * The error answers of an API call for its route's `schema.response`: one `{ error, message, field? }` body per
 * status of the given registry codes, described by the codes. An error of a status listed here is serialized
 * through the schema too; its `error` may be any registered code (a NUL character or a missing client header can
 * reach every call).
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, ErrorBodySchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      errorBodySchema.meta({ 'x-response-description': list.join(', ') }) as ErrorBodySchema,
    ]),
  );
}
