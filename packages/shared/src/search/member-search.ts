import { z } from 'zod';
import { idParamSchema } from '../input.ts';
import { memberCardSchema } from '../profiles/member-profile.ts';
import { genders, maximumMemberAge, minimumMemberAge } from '../profiles/profile-fields.ts';
import { countryCodeSchema } from '../sites/site-settings.ts';

export const searchPageSize = 24;

const age = z.coerce
  .number('validation_failed')
  .int('validation_failed')
  .min(minimumMemberAge, 'validation_failed')
  .max(maximumMemberAge, 'validation_failed');

/** The member search (spec: gender, country, region, age range), one page at a time by keyset cursor. */
export const memberSearchQuerySchema = z
  .strictObject({
    gender: z.enum(genders, 'validation_failed').optional(),
    country: countryCodeSchema.optional(),
    region: z
      .string()
      .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'invalid_region')
      .optional(),
    min_age: age.optional(),
    max_age: age.optional(),
    /** The last profile id of the previous page. */
    cursor: idParamSchema.optional(),
    /** Set by the client when the visitor came through a traffic source (query or stored). */
    trafficsource: z.literal('1').optional(),
  })
  .refine((query) => !query.min_age || !query.max_age || query.min_age <= query.max_age, {
    message: 'validation_failed',
    path: ['max_age'],
  });
export type MemberSearchQuery = z.output<typeof memberSearchQuerySchema>;

/** Totals are counted up to here; beyond it the client shows "more than 10,000". */
export const searchCountCap = 10_000;

export const memberSearchResponseSchema = z.object({
  results: z.array(memberCardSchema),
  /** The number of matches, at most `searchCountCap`. */
  numResults: z.int(),
  /** True when there are more matches than `numResults`. */
  numResults_capped: z.boolean(),
  next_cursor: z.string().nullable(),
  similar_results: z.array(memberCardSchema),
  similar_numResults: z.int(),
});
export type MemberSearchResponse = z.infer<typeof memberSearchResponseSchema>;
