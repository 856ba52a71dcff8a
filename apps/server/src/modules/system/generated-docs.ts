import { errorCodes } from '@app/shared/errors/error-codes';
import { errorDescriptions } from '@app/shared/errors/error-descriptions';

/** docs/errors.md: the error registry as a table. */
export function renderErrorTable(): string {
  const rows = Object.entries(errorCodes).map(
    ([code, { status }]) => `| \`${code}\` | ${status} | ${errorDescriptions[code as keyof typeof errorCodes]} |`,
  );
  return [
    '# API error codes',
    '',
    'Generated from `packages/shared/src/errors/error-codes.ts` by `npm run docs:generate`; do not edit by hand.',
    'Every error answers `{ "error": code, "message": text }`; the text is the catalog entry `errors.<code>` in the',
    "visitor's language.",
    '',
    '| code | HTTP status | meaning |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
