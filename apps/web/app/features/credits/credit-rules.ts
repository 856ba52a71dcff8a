/** Pure rules of the time bonus's banner and modal and of the credit alert, unit-tested apart from the components. */

/** The members area (spec section 2): where the welcome-bonus banner shows and the time-bonus modal may open. */
const membersAreaRoutes = new Set(['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium']);

export function isMembersAreaRoute(routeId: string | undefined): boolean {
  return routeId !== undefined && membersAreaRoutes.has(routeId);
}

export interface TimeBonusModalInput {
  loggedIn: boolean;
  credits: number;
  /** When the member closed the modal before (the stored timestamp), or null. */
  dismissedAt: string | null;
  secondsLeft: number;
}

/** Whether the time-bonus modal opens (spec section 4): logged in, no credits, never closed, the bonus still running. */
export function shouldOpenTimeBonusModal(input: TimeBonusModalInput): boolean {
  return input.loggedIn && input.credits === 0 && input.dismissedAt === null && input.secondsLeft > 0;
}

/** The pages where credits are bought or accounted for: the credit alert would only repeat them there. */
const buyingPaths = /^\/(?:credits|premium|pricing|transactions|directdebit)(?:\/|$)/;

/** Whether the credit alert shows: a paying member whose balance ran out, outside the pages that sell credits. */
export function showsCreditAlert(user: { paid_user: boolean; credits: number } | null, pathname: string): boolean {
  if (!user?.paid_user) return false;
  return user.credits <= 0 && !buyingPaths.test(pathname);
}
