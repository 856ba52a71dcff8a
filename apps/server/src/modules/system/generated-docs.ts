import { errorCodes } from '@app/shared/errors/error-codes';

/** docs/errors.md: the error registry as a table. */
export function renderErrorTable(): string {
  const rows = Object.entries(errorCodes).map(
    ([code, { status, description }]) => `| \`${code}\` | ${status} | ${description} |`,
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
