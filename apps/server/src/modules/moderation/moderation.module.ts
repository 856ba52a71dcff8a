import type { complaintInputSchema } from '@app/shared/moderation/complaint';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type BlocksChanged, blocksChangedChannel } from '../../events/channels.ts';
import { publishWithRetry } from '../../events/publish-with-retry.ts';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { createBlocksRepository } from './blocks.repository.ts';
import { registerBlocksRoutes } from './blocks.routes.ts';
import { type BlocksService, createBlocksService } from './blocks.service.ts';
import { createComplaintsRepository } from './complaints.repository.ts';
import { registerComplaintsRoutes } from './complaints.routes.ts';
import { type ComplaintsService, createComplaintsService } from './complaints.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    moderation: { complaints: ComplaintsService; blocks: BlocksService };
  }
  interface PageServices {
    moderation: ReturnType<typeof moderationPageServices>;
  }
}

/** What the block forms and the complaint form call: the same rules as /api/blocks.php and /api/complaints.php. */
function moderationPageServices({ complaints, blocks }: ModuleServices['moderation'], request: FastifyRequest) {
  return {
    /** The members the logged-in member blocks, newest first (empty for a visitor). */
    listBlocked: async () => (request.user ? blocks.listBlocked(request.user) : []),
    blockMember: (profileId: number) => blocks.block(request.site, requireUser(request), profileId),
    unblockMember: (profileId: number) => blocks.unblock(requireUser(request), profileId),
    submitComplaint: (input: z.output<typeof complaintInputSchema>) =>
      complaints.submitComplaint(request.site, input, { ip: request.ip, locale: request.locale }),
  };
}

/** Moderation: blocks between members and complaints to the operator. */
export const moderationModule = defineModule({
  name: 'moderation',
  needs: ['sites', 'accounts'],
  services: ({ work, now, events, log }) => ({
    complaints: createComplaintsService({ repository: createComplaintsRepository(work.db), now }),
    blocks: createBlocksService({
      repository: createBlocksRepository(work.db),
      now,
      // Not awaited: this process hears it at once, the others within milliseconds, or after retries while Redis is
      // away; their copies live 10 s at most in any case (hidden-profiles-cache.ts).
      announceBlockChange: (profiles) =>
        work.afterCommit(() => {
          void publishWithRetry(events, blocksChangedChannel, { profiles } satisfies BlocksChanged, log);
        }),
    }),
  }),
  routes: (scope, { complaints, blocks }) => {
    registerBlocksRoutes(scope, blocks);
    registerComplaintsRoutes(scope, complaints);
  },
  page: moderationPageServices,
});
