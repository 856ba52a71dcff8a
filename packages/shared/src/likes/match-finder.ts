import { z } from 'zod';
import { interestKeys } from '../profiles/interests.ts';
import { memberCardSchema } from '../profiles/member-profile.ts';
import { genders, maximumMemberAge, minimumMemberAge } from '../profiles/profile-fields.ts';

/** Whom the member looks for: a gender, or anyone. */
export const matchFinderGenders = [...genders, 'any'] as const;
/** Where: the member's own region, within so many km of their town, or anywhere in their country. */
export const matchFinderPlaces = ['region', '10', '25', '50', '100', 'any'] as const;
export type MatchFinderPlace = (typeof matchFinderPlaces)[number];
/** How many interests the questionnaire takes. */
export const matchFinderMaxInterests = 5;
/** How many best matches the page shows. */
export const matchFinderResultsLimit = 24;

const age = z.coerce
  .number('validation_failed')
  .int('validation_failed')
  .min(minimumMemberAge, 'validation_failed')
  .max(maximumMemberAge, 'validation_failed');

/**
 * The match finder's questionnaire: the form in the browser, the page's action and PUT /api/match-finder.php check it
 * with this one schema. Form posts send strings (ages are coerced); no ticked interest sends none.
 */
export const matchFinderAnswersSchema = z
  .strictObject({
    gender: z.enum(matchFinderGenders, 'choice_required'),
    min_age: age,
    max_age: age,
    place: z.enum(matchFinderPlaces, 'choice_required'),
    interests: z
      .array(z.enum(interestKeys, 'validation_failed'), 'validation_failed')
      .max(matchFinderMaxInterests, 'validation_failed')
      .refine((list) => new Set(list).size === list.length, 'validation_failed')
      .default([]),
  })
  .refine((answers) => answers.min_age <= answers.max_age, { message: 'validation_failed', path: ['max_age'] });
export type MatchFinderAnswers = z.output<typeof matchFinderAnswersSchema>;

/** GET /api/match-finder.php: the saved answers, or the defaults from the member's own profile (`saved` false). */
export const matchFinderResponseSchema = z.object({
  answers: matchFinderAnswersSchema,
  saved: z.boolean(),
});
export type MatchFinderResponse = z.output<typeof matchFinderResponseSchema>;

/** Why a member is among the best matches: the interests both have, and how near they live. */
export const matchReasonSchema = z.object({
  /** The chosen interests the member has too. */
  interests: z.array(z.enum(interestKeys)),
  /** Between both towns, rounded to whole km; null when either town is unknown. */
  distance_km: z.int().min(0).nullable(),
  same_region: z.boolean(),
});
export type MatchReason = z.output<typeof matchReasonSchema>;

/** GET /api/best-matches.php: the best-fitting members for the saved answers, best first. */
export const bestMatchesResponseSchema = z.object({
  matches: z.array(z.object({ member: memberCardSchema, liked: z.boolean(), reason: matchReasonSchema })),
});
export type BestMatchesResponse = z.output<typeof bestMatchesResponseSchema>;
export type BestMatch = BestMatchesResponse['matches'][number];
