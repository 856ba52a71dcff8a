import { AppError } from '@app/shared/errors/app-error';
import { isErrorCode } from '@app/shared/errors/error-codes';
import { likeFormSchema } from '@app/shared/likes/likes';
import { redirect } from 'react-router';
import { webContext } from '../../context.ts';
import { safeRedirectPath, withSearchParam } from '../../lib/cookies.ts';
import { readFormValues } from '../../lib/form.ts';
import type { Route } from './+types/like';

/**
 * POST /like: the like button without script (`intent=like|unlike`, `profile`), by the rules of /api/like.php, then
 * back to `redirect` (a path on this site; default /members) with `?like_error=<code>` when refused, or to
 * `/likes/matches` when the like made a match. With script the button calls the API itself.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = context.get(webContext);
  const form = await request.formData();
  const back = safeRedirectPath(form.get('redirect') ?? '/members');
  if (!c.user) throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
  const parsed = likeFormSchema.safeParse(readFormValues(form, { omit: ['redirect'] }));
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw redirect(withSearchParam(back, 'like_error', isErrorCode(message) ? message : 'validation_failed'));
  }
  const { intent, profile } = parsed.data;
  try {
    if (intent === 'unlike') {
      await c.services.likes.unlikeMember(profile);
    } else if ((await c.services.likes.likeMember(profile)).match) {
      throw redirect('/likes/matches');
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    throw redirect(withSearchParam(back, 'like_error', error.code));
  }
  throw redirect(back);
}
