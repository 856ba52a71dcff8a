import { AppError } from '@app/shared/errors/app-error';
import { type RouterContextProvider, redirect } from 'react-router';
import { webContext } from '../../context.ts';
import { toTargetMember } from '../../features/members/target-member.tsx';

/**
 * The member a targeted landing or signup is about. Members go straight to the profile; a target that is gone
 * (hidden, deleted, blocking) still leads to the plain signup, so that a campaign link never ends in an error.
 */
export async function loadSignupTarget(context: Readonly<RouterContextProvider>, request: Request, id: string) {
  const c = context.get(webContext);
  const profileId = Number(id);
  const search = new URL(request.url).search;
  if (c.user) throw redirect(Number.isInteger(profileId) && profileId > 0 ? `/members/${profileId}` : '/members');
  if (!Number.isInteger(profileId) || profileId <= 0) throw redirect(`/signup${search}`);
  try {
    const member = toTargetMember(await c.services.findMember(profileId));
    return {
      member,
      search,
      siteName: c.settings.name,
      fictionalIcon: c.settings.fictional_icon,
      fictionalLabel: c.settings.fictional_singular,
      fictionalWarning: c.settings.fictional_warning,
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw redirect(`/signup${search}`);
    throw error;
  }
}
