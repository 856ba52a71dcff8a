import { z } from 'zod';
import { type ErrorCode, errorCodes } from './error-codes.ts';

/** Every error answer: the registered code, its text in the visitor's language, and the field it is about. */
export const errorBodySchema = z.object({
  error: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
  message: z.string().describe("The error text in the visitor's language."),
  field: z.string().optional().describe('The input field the error is about, when there is one.'),
});
export type ErrorBody = z.output<typeof errorBodySchema>;
