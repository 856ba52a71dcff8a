import { AppError } from '@app/shared/errors/app-error';
import type { ErrorBody } from '@app/shared/errors/error-body';
import { type ErrorCode, errorMessageKey, isErrorCode } from '@app/shared/errors/error-codes';
import { formatErrorValues } from '@app/shared/errors/error-values';
import { defaultLocale, localeInfo } from '@app/shared/i18n/locales';
import { minimumMemberAge } from '@app/shared/profiles/profile-fields';
import { defaultSiteTimeZone } from '@app/shared/sites/site-settings';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Catalogs } from '../i18n/catalogs.ts';

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation_failed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation_failed',
  FST_ERR_VALIDATION: 'validation_failed',
};

/** Registry codes for the client-error statuses Fastify and its plugins answer with, besides 400. */
const clientStatusCodes: Record<number, ErrorCode> = {
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * A route's zod schema refused the query or body. A schema's custom message may name a registered error code (so the
 * browser and the server show the same text); anything else is `validation_failed` naming the field.
 */
function fromSchemaIssue(issue: { keyword: string; instancePath: string; message?: string; params: object }) {
  const keys = (issue.params as { keys?: unknown }).keys;
  const unknownKey = issue.keyword === 'unrecognized_keys' && Array.isArray(keys) ? String(keys[0]) : undefined;
  const path = issue.instancePath
    .split('/')
    .slice(1)
    .filter((segment) => segment !== '');
  const field = [...path, ...(unknownKey ? [unknownKey] : [])].join('.') || 'input';
  const code = isErrorCode(issue.message) ? issue.message : 'validation_failed';
  return new AppError(code, `${field}: ${issue.message}`, { field });
}

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return fromSchemaIssue(error.validation[0]!);
  const code = (error as FastifyError | undefined)?.code;
  if (code && fastifyCodes[code]) return new AppError(fastifyCodes[code], (error as Error).message, { field: 'body' });
  // Any other error Fastify or a plugin marks as the client's (a body that does not decompress, an unsupported
  // Content-Encoding, a malformed URL...) is answered as such: bad input never becomes a 500.
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(clientStatusCodes[status] ?? 'validation_failed', (error as Error).message, { field: 'body' });
  }
  return null;
}

/** Sends `{ error, message }` with the registry's status and the message in the request's language. */
function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError, catalogs: Catalogs) {
  const locale = request.locale ?? defaultLocale;
  const t = catalogs.translator(locale);
  const values = formatErrorValues(
    { min_age: minimumMemberAge, support_email: request.site?.settings.support_email ?? '', ...error.values },
    localeInfo[locale].iso,
    request.site?.settings.time_zone ?? defaultSiteTimeZone,
  );
  const body: ErrorBody = { error: error.code, message: t(errorMessageKey(error.code), values) };
  if (typeof error.values?.field === 'string' && error.values.field !== 'body') body.field = error.values.field;
  return reply.status(error.status).header('cache-control', 'no-store').send(body);
}

export function registerErrorHandling(app: FastifyInstance, catalogs: Catalogs) {
  app.setErrorHandler((error, request, reply) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
      return sendError(request, reply, known, catalogs);
    }
    // Unexpected: the client gets no internals; the log has the error and the request id.
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return sendError(request, reply, new AppError('internal_error'), catalogs);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new AppError('not_found', `no route ${request.method} ${request.url}`), catalogs),
  );
}
