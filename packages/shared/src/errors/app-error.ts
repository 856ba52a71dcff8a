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

  // The server and the built web bundle each hold a copy of this class; an AppError from one must still be
  // recognised by the other (a page loader catching a service's not_found).
  static override [Symbol.hasInstance](value: unknown): value is AppError {
    return value instanceof Error && value.name === 'AppError' && typeof (value as AppError).code === 'string';
  }
}
