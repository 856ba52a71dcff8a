import { isErrorCode } from '@app/shared/errors/error-codes';
import type { z } from 'zod';
import type { FormErrors } from './form-errors.ts';

// Apart from form.ts: the error registry it checks codes against loads in the browser with a form's check (by
// `import()`, like the schema), not with the page. Actions import it as they import their schemas.

export type Submission<T> = { ok: true; value: T } | { ok: false; errors: FormErrors };

/** The first issue of each field, by the code a schema's message names (`validation_failed` otherwise). */
export function parseSubmission<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): Submission<z.output<Schema>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'form';
    if (errors[field]) continue;
    errors[field] = { code: isErrorCode(issue.message) ? issue.message : 'validation_failed', values: { field } };
  }
  return { ok: false, errors };
}
