import { z } from 'zod';
import { idSchema } from '../input.ts';

/** A member's main photo as the client sees it (spec section 3); `match` carries the CDN prefix. */
export const mainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(['pending', 'active', 'rejected']),
  match: z.string(),
});

/** The logged-in user (spec section 3): answered by GET /api/user.php. */
export const sessionUserSchema = z.object({
  id: idSchema,
  /** The member's own address (shown in the activation reminder and settings). */
  email: z.string(),
  profile: z.object({
    id: idSchema,
    name: z.string(),
    country: z.string(),
    status: z.enum(['active', 'disabled']),
    main_image: mainImageSchema.nullable(),
  }),
  paid_user: z.boolean(),
  credits: z.int().min(0),
  language: z.string(),
  status: z.enum(['active', 'not_confirmed']),
  notifications_disabled: z.array(z.enum(['fbl', 'bounce', 'listunsubscribe'])),
  signup_date: z.iso.datetime({ offset: true }),
  /** The next step of /complete-signup (0 to 4); 5 when done. */
  signup_step: z.int().min(0).max(5),
  /** The profile whose landing page led to the signup; complete-signup shows it and leads back to it. */
  signup_target_id: idSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
