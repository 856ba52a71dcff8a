import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import type { BlockedMember } from '@app/shared/moderation/blocks';
import type { Site } from '../sites/sites.service.ts';
import type { BlocksRepository } from './blocks.repository.ts';

/** Blocking: a blocked member cannot find, view or contact the blocker (the visibility policy, in every query). */
export function createBlocksService(deps: {
  repository: BlocksRepository;
  now: () => Date;
  /** Tells every process that a block between these profiles was made or lifted, once it is committed. */
  announceBlockChange: (profileIds: number[]) => Promise<void>;
}) {
  const { repository } = deps;

  /** The members this member blocked, newest first; a member who has since hidden is not named. */
  async function listBlocked(user: SessionUser): Promise<BlockedMember[]> {
    return (await repository.findBlockedProfiles(user.profile.id)).map((row) => ({
      id: row.id,
      name: row.name,
      blocked_at: row.blockedAt.toISOString(),
    }));
  }

  return {
    listBlocked,

    /**
     * Blocks a member the blocker may see (blockableBy); anyone else is "not found", so that a block by id tells
     * nothing of hidden members. Answers the list of blocks.
     */
    async block(site: Site, user: SessionUser, profileId: number) {
      if (profileId === user.profile.id) throw new AppError('validation_failed', 'self block', { field: 'profile_id' });
      if (!(await repository.findBlockableProfile(site.id, profileId, user.profile.id))) {
        throw new AppError('not_found', `no profile ${profileId} to block`);
      }
      await repository.insertBlock(user.profile.id, profileId, deps.now());
      await deps.announceBlockChange([user.profile.id, profileId]);
      return listBlocked(user);
    },

    /** Lifts a block (of anyone: a hidden member can be unblocked too); answers the list of blocks. */
    async unblock(user: SessionUser, profileId: number) {
      await repository.deleteBlock(user.profile.id, profileId);
      await deps.announceBlockChange([user.profile.id, profileId]);
      return listBlocked(user);
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
