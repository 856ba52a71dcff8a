import type { FastifyRequest } from 'fastify';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { createDiscountCodesRepository } from './discount-codes.repository.ts';
import { registerDiscountCodesRoutes } from './discount-codes.routes.ts';
import { createDiscountCodesService, type DiscountCodesService } from './discount-codes.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    credits: { discountCodes: DiscountCodesService };
  }
  interface PageServices {
    credits: ReturnType<typeof creditsPageServices>;
  }
}

function creditsPageServices({ discountCodes }: ModuleServices['credits'], request: FastifyRequest) {
  return {
    /** As POST /api/delete-discount.php: the stay offer of the account deletion (AppError discount_not_offered). */
    grantDeleteDiscount: () => discountCodes.grantDeleteDiscount(request.site, requireUser(request)),
  };
}

/** Credits: discount codes today; the ledger, packages and payments come next. */
export const creditsModule = defineModule({
  name: 'credits',
  needs: ['sites', 'accounts'],
  services: ({ work, now }, { sites }) => ({
    discountCodes: createDiscountCodesService({
      repository: createDiscountCodesRepository(work.db),
      findDeleteDiscount: async (site) => (await sites.getCompanyInfo(site)).delete_discount,
      now,
    }),
  }),
  routes: (scope, { discountCodes }) => registerDiscountCodesRoutes(scope, discountCodes),
  page: creditsPageServices,
});
