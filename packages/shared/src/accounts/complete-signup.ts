import { z } from 'zod';
import { genders, sexualities } from '../profiles/profile-fields.ts';
import { profileUpdateSchema } from '../profiles/profile-update.ts';
import { createDateOfBirthSchema } from './signup.ts';
import { completeSignupSteps } from './signup-steps.ts';

/**
 * The personal-info step of /complete-signup: who the member is, whom they look for, their age and where they live.
 * Search, the swipe game and the match finder start from these answers, so each is asked for.
 */
export const personalStepSchema = z.strictObject({
  gender: z.enum(genders, 'choice_required'),
  sexuality: z.enum(sexualities, 'choice_required'),
  date_of_birth: createDateOfBirthSchema(),
  country: z.string().regex(/^[A-Z]{2}$/, 'validation_failed'),
  region: profileUpdateSchema.shape.region,
  city: z.string().trim().min(1, 'city_required').max(80, 'text_too_long'),
});

/** The about-me step: a few sentences and the interests (none ticked is "none"). */
export const aboutStepSchema = z.strictObject({
  about_me: z.string().trim().max(2000, 'text_too_long').optional().default(''),
  interests: profileUpdateSchema.shape.interests.unwrap().optional().default([]),
});

/** A step's "next" or "skip": the step the member leaves. */
export const leaveStepSchema = z.strictObject({
  step: z.coerce
    .number()
    .int()
    .min(0)
    .max(completeSignupSteps.length - 1),
});

/** The push step's answer; without a push-capable browser only "skipped" is offered. */
export const pushChoiceSchema = z.strictObject({ push_choice: z.enum(['accepted', 'declined', 'skipped']) });
