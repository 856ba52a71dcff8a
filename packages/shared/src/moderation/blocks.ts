import { z } from 'zod';
import { idParamSchema, idSchema } from '../input.ts';

/** POST and DELETE /api/blocks.php: the profile to block or unblock. */
export const blockInputSchema = z.strictObject({ profile_id: idSchema });

/** A member the logged-in member has blocked. */
export const blockedMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  blocked_at: z.iso.datetime({ offset: true }),
});
export type BlockedMember = z.output<typeof blockedMemberSchema>;

/** Every blocks call answers the whole list, newest first. */
export const blockedListResponseSchema = z.object({ blocked: z.array(blockedMemberSchema) });
export type BlockedListResponse = z.output<typeof blockedListResponseSchema>;

/** POST /blocks, the block and unblock forms: what to do, to whom (`redirect`, a path on this site, is read apart). */
export const blockFormSchema = z.strictObject({
  intent: z.enum(['block', 'unblock'], 'validation_failed'),
  profile_id: idParamSchema,
});
