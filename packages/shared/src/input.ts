import { z } from 'zod';

/**
 * Rules every untrusted input follows, whatever the call or page: ids fit the database's `integer` columns, and
 * no text holds a NUL character (PostgreSQL cannot store one). Bad values answer 400 or 404, never 500.
 */

/** The largest id a row can have: PostgreSQL `integer` (serial) is a signed 32-bit number. */
export const maxId = 2_147_483_647;

/** Every id and keyset cursor in a contract: a positive integer that fits the database's `integer` columns. */
export const idSchema = z.int('validation_failed').min(1, 'validation_failed').max(maxId, 'validation_failed');

/** Digits only, no sign, leading zero, exponent, fraction, space or other numerals: the one spelling of an id. */
const idPattern = /^[1-9][0-9]{0,9}$/;

/** An id written in a URL (query or path); answers the number. */
export const idParamSchema = z
  .string('validation_failed')
  .regex(idPattern, 'validation_failed')
  .transform(Number)
  .pipe(idSchema);

/** The id a path segment such as `/members/{id}` names, or null when it is not one (the page answers 404). */
export function parseIdParam(value: string | null | undefined): number | null {
  const parsed = idParamSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The path (`field.0.key`) of the first string or object key holding a NUL character anywhere in a parsed body or
 * query, or null. Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findNulCharacter(input: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || 'input';
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], path: join(path, index) });
      }
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        if (key.includes('\u0000')) return join(path, key.replaceAll('\u0000', '\\0'));
      }
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        stack.push({ value: item, path: join(path, key) });
      }
    }
  }
  return null;
}
