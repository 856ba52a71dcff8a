import { z } from 'zod';
import { idParamSchema, idSchema } from '../input.ts';
import { profileDetailsSchema } from './profile-update.ts';

const timestampSchema = z.iso.datetime({ offset: true });

/** A member as a card (search results, the home page, signup matches); fictional ones carry their label. */
export const memberCardSchema = z.object({
  id: idSchema,
  name: z.string(),
  age: z.int(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  last_active_at: timestampSchema,
  photo: z.object({ match: z.string(), thumb: z.string() }).nullable(),
});
export type MemberCard = z.output<typeof memberCardSchema>;

/** One photo on a member's profile: a locked one (premium only) has only its blurred version. */
export const memberPhotoSchema = z.object({
  id: idSchema,
  is_main: z.boolean(),
  locked: z.boolean(),
  full: z.string().nullable(),
  match: z.string(),
  thumb: z.string(),
});
export type MemberPhoto = z.output<typeof memberPhotoSchema>;

/** A member's profile as one viewer may see it; fields the site does not show are null. */
export const memberProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  fictional: z.boolean(),
  age: z.int().nullable(),
  ...profileDetailsSchema.shape,
  interests: z.array(z.string()),
  living_area: z.object({ country: z.string(), region: z.string().nullable(), city: z.string().nullable() }).nullable(),
  about_me: z.string().nullable(),
  last_active_at: timestampSchema,
  photo_count: z.int().min(0),
  photos: z.array(memberPhotoSchema),
  blocked_by_viewer: z.boolean(),
  is_own: z.boolean(),
});
export type MemberProfile = z.output<typeof memberProfileSchema>;

/** GET /api/member.php?id= */
export const memberQuerySchema = z.strictObject({ id: idParamSchema });
export const memberResponseSchema = z.object({ member: memberProfileSchema });
