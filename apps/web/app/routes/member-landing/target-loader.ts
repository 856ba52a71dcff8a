import { AppError } from '@app/shared/errors/app-error';
import { parseIdParam } from '@app/shared/input';
import { type RouterContextProvider, redirect } from 'react-router';
import { webContext } from '../../context.ts';
import { toTargetMember } from '../../features/members/target-member.server.ts';

/**
 * The member a targeted landing or signup is about. Members go straight to the profile; a target that is gone
 * (hidden, deleted, blocking) still leads to the plain signup, so that a campaign link never ends in an error.
 */
export async function loadSignupTarget(context: Readonly<RouterContextProvider>, request: Request, id: string) {
  const c = context.get(webContext);
  // Not an id (`abc`, `1e3`, `-1`, 2^31 or more): no member, so the plain signup (never a 500).
  const profileId = parseIdParam(id);
  const search = new URL(request.url).search;
  if (c.user) throw redirect(profileId !== null ? `/members/${profileId}` : '/members');
  if (profileId === null) throw redirect(`/signup${search}`);
  try {
    const member = toTargetMember(await c.services.profiles.findMember(profileId));
    return {
      member,
      search,
      siteName: c.settings.name,
      siteOrigin: c.siteOrigin,
      fictionalIcon: c.settings.fictional_icon,
      fictionalLabel: c.settings.fictional_singular,
      fictionalWarning: c.settings.fictional_warning,
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw redirect(`/signup${search}`);
    throw error;
  }
}
