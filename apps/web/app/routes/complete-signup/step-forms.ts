import {
  aboutStepSchema,
  leaveStepSchema,
  personalStepSchema,
  pushChoiceSchema,
} from '@app/shared/accounts/complete-signup';
import { readFormValues } from '../../lib/form.ts';

// The /complete-signup action imports this table; its clientAction imports it with `import()`, so zod loads only
// when a step's form is checked.

const readWithoutIntent = (form: FormData) => readFormValues(form, { omit: ['intent'] });

/** The schema of each kind of step form, by `intent`; the browser and the action check the same. */
export const stepForms = {
  personal: { schema: personalStepSchema, read: readWithoutIntent },
  about: {
    schema: aboutStepSchema,
    read: (form: FormData) => readFormValues(form, { omit: ['intent'], lists: ['interests'] }),
  },
  next: { schema: leaveStepSchema, read: readWithoutIntent },
  push: { schema: pushChoiceSchema, read: readWithoutIntent },
} as const;
