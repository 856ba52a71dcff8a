import { type ErrorCode, isErrorCode } from '@app/shared/errors/error-codes';

/**
 * An error code a plain post's redirect put in the address (`?block_error=`, `?photo_error=`), checked against the
 * registry here, so that the page does not need the registry in the browser; other text counts as `unknown`.
 */
export function errorParam(request: Request, name: string, unknown: ErrorCode | null = null): ErrorCode | null {
  const value = new URL(request.url).searchParams.get(name);
  if (!value) return null;
  return isErrorCode(value) ? value : unknown;
}
