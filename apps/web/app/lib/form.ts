import { AppError } from '@app/shared/errors/app-error';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import type { FormErrors } from './form-errors.ts';

// The browser half (the errors' texts) lives apart, without zod, for components on every page.

/**
 * Forms are route actions (they work before and without JavaScript). One schema checks the input twice: in the
 * browser by the route's `clientAction`, before anything is sent, and on the server by its `action`. Both answer
 * the same `FormErrors`, which the page shows through `useFormErrorTexts`.
 */

/**
 * The form's values as the schema reads them: each named field once (a repeated name becomes a list), files left
 * out unless asked for.
 */
export function readFormValues(
  form: FormData,
  options: { lists?: readonly string[]; omit?: readonly string[] } = {},
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (options.omit?.includes(key)) continue;
    const all = form.getAll(key).filter((value) => typeof value === 'string');
    values[key] = options.lists?.includes(key) ? all : all[0];
  }
  return values;
}

/**
 * A refused submission as an action answers it: the errors and the status the API would answer, with what else the
 * page needs to show the form again (`extra`).
 */
export function refuseSubmission<Extra extends object = object>(errors: FormErrors, status = 400, extra?: Extra) {
  return data({ ...(extra as Extra), errors }, { status });
}

/**
 * A service's AppError as the form's errors, on its field when it names one; anything else is not the visitor's
 * to fix and goes on to the error page.
 */
export function refuseWithError<Extra extends object = object>(error: unknown, extra?: Extra) {
  if (!(error instanceof AppError)) throw error;
  const field = typeof error.values?.field === 'string' && error.values.field !== 'body' ? error.values.field : 'form';
  return refuseSubmission({ [field]: { code: error.code, values: error.values } }, error.status, extra);
}

/**
 * Whether the running page sent the form (React Router posts to `<path>.data`), so that the answer shows in place;
 * a plain post (no JavaScript yet) is answered with a redirect after success, so that a reload does not send it again.
 */
function sentByScript(request: Request): boolean {
  return new URL(request.url).pathname.endsWith('.data');
}

/**
 * A successful post's answer: in place for the running page, else a redirect to `address` (post/redirect/get), a GET
 * that shows the same outcome from its query.
 */
export function answerSuccess<Answer>(request: Request, answer: Answer, address: string): Answer {
  if (sentByScript(request)) return answer;
  throw redirect(address);
}

/**
 * A form's `onFocus`: starts loading its schema (and the check) when the visitor first reaches the form, so that the check at submit
 * waits for nothing (a module loads once; a failure shows at submit).
 */
export function loadOnFocus(load: () => Promise<unknown>) {
  return () => {
    Promise.all([load(), import('./submission.ts')]).catch(() => undefined);
  };
}

/**
 * The route's `clientAction`: checks the form with the schema in the browser and sends it only when it passes,
 * so that a mistake shows at once and costs no round trip. The schema comes from a dynamic `import()`, so that
 * zod loads when a form is checked, not with the page.
 */
export function checkInBrowser<Schema extends z.ZodType>(
  loadSchema: () => Promise<Schema>,
  read: (form: FormData) => unknown = (form) => readFormValues(form),
) {
  return async <Answer>({ request, serverAction }: { request: Request; serverAction: () => Promise<Answer> }) => {
    const [schema, { parseSubmission }, form] = await Promise.all([
      loadSchema(),
      import('./submission.ts'),
      request.clone().formData(),
    ]);
    const submission = parseSubmission(schema, read(form));
    if (!submission.ok) return { errors: submission.errors };
    return serverAction();
  };
}

/** A page's forms told apart by `intent`: each checked intent's schema and how its form is read. */
type IntentForms = Readonly<Record<string, { schema: z.ZodType; read: (form: FormData) => unknown }>>;

/**
 * The `clientAction` of a page with several forms told apart by `intent`: the form of a `checked` intent is checked
 * with its schema from `loadForms` (an `import()`, loaded with the first such form sent) before anything is sent;
 * other intents (plain buttons) go straight on.
 */
export function checkIntentsInBrowser(loadForms: () => Promise<IntentForms>, checked: readonly string[]) {
  return async <Answer>({ request, serverAction }: { request: Request; serverAction: () => Promise<Answer> }) => {
    const form = await request.clone().formData();
    const intent = form.get('intent');
    if (typeof intent === 'string' && checked.includes(intent)) {
      const [forms, { parseSubmission }] = await Promise.all([loadForms(), import('./submission.ts')]);
      const intentForm = forms[intent];
      const submission = intentForm ? parseSubmission(intentForm.schema, intentForm.read(form)) : null;
      if (submission && !submission.ok) return { intent, errors: submission.errors };
    }
    return serverAction();
  };
}
