/**
 * The steps of /complete-signup: photo, personal info, about me, push opt-in, confirm e-mail. Without zod: the
 * activation reminder on every page counts them.
 */
export const completeSignupSteps = ['photo', 'personal', 'about', 'push', 'confirm'] as const;
