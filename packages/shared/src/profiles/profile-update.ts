import { z } from 'zod';
import { createDateOfBirthSchema } from '../accounts/signup.ts';
import { completeSignupSteps } from '../accounts/signup-steps.ts';
import { idSchema } from '../input.ts';
import { interestKeys } from './interests.ts';
import {
  bodyTypes,
  eyeColours,
  genders,
  hairColours,
  relationshipStatuses,
  sexualities,
  signupReasons,
  tattooOptions,
} from './profile-fields.ts';

/** The chosen profile details, as the profile page and one's own profile answer them (null: not chosen or not shown). */
export const profileDetailsSchema = z.object({
  gender: z.string().nullable(),
  sexuality: z.string().nullable(),
  relationship_status: z.string().nullable(),
  hair_colour: z.string().nullable(),
  eye_colour: z.string().nullable(),
  body_type: z.string().nullable(),
  tattoos: z.string().nullable(),
  reason: z.string().nullable(),
});

/** One's own profile as `GET /api/profile.php` answers it and the profile forms edit it. */
export const ownProfileSchema = profileDetailsSchema.extend({
  /** YYYY-MM-DD, as given at signup or changed since. */
  date_of_birth: z.string(),
  about_me: z.string(),
  interests: z.array(z.string()),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;
export const ownProfileResponseSchema = z.object({ profile: ownProfileSchema });
export type OwnProfileResponse = z.output<typeof ownProfileResponseSchema>;

/** A change to one's own profile; every field optional, unknown fields refused. */
export const profileUpdateSchema = z.strictObject({
  gender: z.enum(genders, 'validation_failed').optional(),
  sexuality: z.enum(sexualities, 'validation_failed').optional(),
  relationship_status: z.enum(relationshipStatuses, 'validation_failed').optional(),
  hair_colour: z.enum(hairColours, 'validation_failed').optional(),
  eye_colour: z.enum(eyeColours, 'validation_failed').optional(),
  body_type: z.enum(bodyTypes, 'validation_failed').optional(),
  tattoos: z.enum(tattooOptions, 'validation_failed').optional(),
  reason: z.enum(signupReasons, 'validation_failed').optional(),
  about_me: z.string().trim().max(2000, 'text_too_long').optional(),
  interests: z.array(z.enum(interestKeys, 'validation_failed')).max(20, 'text_too_long').optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'validation_failed')
    .optional(),
  region: z
    .string()
    .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'invalid_region')
    .or(z.literal(''))
    .optional(),
  city: z.string().trim().max(80, 'text_too_long').optional(),
  date_of_birth: createDateOfBirthSchema().optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const signupStepSchema = z.strictObject({
  step: z.int().min(0).max(completeSignupSteps.length),
  push_choice: z.enum(['accepted', 'declined', 'skipped']).optional(),
});

export const photoActionSchema = z.strictObject({ id: idSchema });

export const photoStatuses = ['pending', 'active', 'rejected'] as const;

/** A photo just added: pending until approved (the demo site approves at once). */
export const addedPhotoResponseSchema = z.object({
  photo: z.object({ id: idSchema, status: z.enum(photoStatuses), is_main: z.boolean() }),
});
export type AddedPhotoResponse = z.output<typeof addedPhotoResponseSchema>;

/** One of the member's own photos, pending ones included, with its sizes under the CDN prefix. */
export const ownPhotoSchema = z.object({
  id: idSchema,
  status: z.enum(photoStatuses),
  is_main: z.boolean(),
  thumb: z.string(),
  match: z.string(),
});
export type OwnPhoto = z.output<typeof ownPhotoSchema>;
export const ownPhotosResponseSchema = z.object({ photos: z.array(ownPhotoSchema) });
export type OwnPhotosResponse = z.output<typeof ownPhotosResponseSchema>;
