import { AppError } from '@app/shared/errors/app-error';
import { isErrorCode } from '@app/shared/errors/error-codes';
import { blockFormSchema } from '@app/shared/moderation/blocks';
import { redirect } from 'react-router';
import { webContext } from '../../context.ts';
import { safeRedirectPath, withSearchParam } from '../../lib/cookies.ts';
import { readFormValues } from '../../lib/form.ts';
import type { Route } from './+types/blocks';

/**
 * POST /blocks: block or unblock a member (`intent=block|unblock`, `profile_id`) by the rules of /api/blocks.php,
 * then back to `redirect` (a path on this site; default /members), with `?block_error=<code>` when refused. The
 * forms post it plainly or through a fetcher: either way the page that sent it is loaded again.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = context.get(webContext);
  const form = await request.formData();
  const back = safeRedirectPath(form.get('redirect') ?? '/members');
  if (!c.user) throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
  const parsed = blockFormSchema.safeParse(readFormValues(form, { omit: ['redirect'] }));
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw redirect(withSearchParam(back, 'block_error', isErrorCode(message) ? message : 'validation_failed'));
  }
  const { intent, profile_id: profileId } = parsed.data;
  try {
    if (intent === 'block') await c.services.moderation.blockMember(profileId);
    else await c.services.moderation.unblockMember(profileId);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    throw redirect(withSearchParam(back, 'block_error', error.code));
  }
  throw redirect(back);
}
