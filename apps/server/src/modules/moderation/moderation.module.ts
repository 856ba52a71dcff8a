import { defineModule } from '../../lib/define-module.ts';
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
}

/** Moderation: blocks between members and complaints to the operator. */
export const moderationModule = defineModule({
  name: 'moderation',
  needs: ['sites', 'accounts'],
  services: ({ work, now }) => ({
    complaints: createComplaintsService({ repository: createComplaintsRepository(work.db), now }),
    blocks: createBlocksService({ repository: createBlocksRepository(work.db), now }),
  }),
  routes: (scope, { complaints, blocks }) => {
    registerBlocksRoutes(scope, blocks);
    registerComplaintsRoutes(scope, complaints);
  },
});
