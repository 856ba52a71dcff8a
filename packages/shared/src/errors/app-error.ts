import { type ErrorCode, errorCodes } from './error-codes.ts';

/** The one error type services throw: a registered code, an internal message for logs, and its HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly values: Record<string, string | number> | undefined;

  constructor(code: ErrorCode, internalMessage?: string, values?: Record<string, string | number>) {
    super(internalMessage ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCodes[code].status;
    this.values = values;
  }
}
