import { type DirectDebitForm, phoneVerificationValidMinutes } from '@app/shared/credits/direct-debit';
import type { PaymentMethod } from '@app/shared/credits/payment-methods';
import type { SpendProtectionUpdate } from '@app/shared/credits/spend-protection';
import type { FastifyRequest } from 'fastify';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { createDiscountCodesRepository } from './discount-codes.repository.ts';
import { registerDiscountCodesRoutes } from './discount-codes.routes.ts';
import { createDiscountCodesService, type DiscountCodesService } from './discount-codes.service.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedger, type Ledger } from './ledger.service.ts';
import { createMollieProvider } from './mollie-provider.ts';
import { createSandboxRepository } from './sandbox.repository.ts';
import { createSandboxProvider, type SandboxOutcome, type SandboxProvider } from './sandbox-provider.ts';
import { createShopRepository } from './shop.repository.ts';
import { registerShopRoutes } from './shop.routes.ts';
import { createShopService, type ShopService } from './shop.service.ts';
import { createSpendProtectionRepository } from './spend-protection.repository.ts';
import { registerSpendProtectionRoutes } from './spend-protection.routes.ts';
import { createSpendProtectionService, type SpendProtectionService } from './spend-protection.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    credits: {
      discountCodes: DiscountCodesService;
      spendProtection: SpendProtectionService;
      ledger: Ledger;
      shop: ShopService;
      /** The built-in provider, when it is the one in use (its checkout page is served then). */
      sandbox: SandboxProvider | null;
    };
  }
  interface PageServices {
    credits: ReturnType<typeof creditsPageServices>;
  }
}

function creditsPageServices(
  { discountCodes, spendProtection, shop, ledger, sandbox }: ModuleServices['credits'],
  request: FastifyRequest,
) {
  const paymentOptions = (issuer?: string) => ({ issuer, origin: request.siteOrigin, locale: request.locale });
  return {
    /** As POST /api/delete-discount.php: the stay offer of the account deletion (AppError discount_not_offered). */
    grantDeleteDiscount: () => discountCodes.grantDeleteDiscount(request.site, requireUser(request)),
    /** As GET and PUT /api/spend-protection.php, and the cool-offs the settings page offers. */
    findSpendProtection: () => spendProtection.findSpendProtection(request.site, requireUser(request).id),
    updateSpendProtection: (update: SpendProtectionUpdate) =>
      spendProtection.updateSpendProtection(request.site, requireUser(request).id, update),
    listCoolOffChoices: (coolOffUntil: string | null) => spendProtection.listCoolOffChoices(coolOffUntil),
    /** The packages priced for this buyer; a visitor's prices are for the country the page shows. */
    findPackages: (country: string, discountCode?: string) =>
      shop.findPackages(
        request.site,
        { user: request.user, country: request.user?.profile.country ?? country },
        discountCode,
      ),
    createOrder: (packageId: number, discountCode?: string) =>
      shop.createOrder(request.site, requireUser(request), packageId, discountCode),
    /** `recurring`: charge a stored card or account of this method without a checkout, where there is one. */
    startPayment: (orderId: number, method: PaymentMethod, issuer?: string, recurring = false) =>
      shop.startPayment(request.site, requireUser(request), orderId, method, { ...paymentOptions(issuer), recurring }),
    findOrder: (orderId: number) => shop.findOrder(request.site, requireUser(request), orderId),
    findOrderAfterReturn: (orderId: number) => shop.findOrderAfterReturn(request.site, requireUser(request), orderId),
    findOrders: (limit: number, before?: number) => shop.findOrders(requireUser(request), limit, before),
    findLastPaidOrder: () => shop.findLastPaidOrder(requireUser(request)),
    findCreditEntries: (limit: number, before?: number) => ledger.findEntries(requireUser(request).id, limit, before),
    isPhoneVerified: (phone: string) => shop.isPhoneVerified(request.site, requireUser(request), phone),
    payByDirectDebit: (form: Omit<DirectDebitForm, 'authorise'>) =>
      shop.payByDirectDebit(request.site, requireUser(request), form, paymentOptions()),
    refundOrder: (orderId: number) => shop.refundOrder(request.site, requireUser(request), orderId),
    /** The sandbox's hosted checkout (null when another provider is in use, or no such payment). */
    findSandboxCheckout: async (paymentId: string) => (sandbox ? sandbox.findCheckout(paymentId) : null),
    chooseSandboxOutcome: async (paymentId: string, outcome: SandboxOutcome) =>
      sandbox ? sandbox.chooseOutcome(paymentId, outcome) : null,
  };
}

const withSandbox = (sandbox: SandboxProvider) => ({ provider: sandbox, sandbox });

/** Credits: the ledger, packages, orders and payments, discount codes. */
export const creditsModule = defineModule({
  name: 'credits',
  needs: ['sites', 'accounts', 'jobs', 'sms'],
  services: ({ config, work, now, log, memberEvents }, { sites, accounts, jobs, sms }) => {
    const discountCodesRepository = createDiscountCodesRepository(work.db);
    const ledger = createLedger({
      repository: createLedgerRepository(work.db),
      events: memberEvents,
      work,
      now,
      updateMemberView: (userId, credits) => accounts.sessions.updateCredits(userId, credits),
    });
    // A new member's free credits arrive with the confirmed address (decision 019).
    accounts.signup.onAccountActivated((userId) => ledger.grantSignupCredits(userId));
    // Mollie when a key is configured, else the built-in sandbox with its own checkout.
    const { provider, sandbox } = config.mollie
      ? { provider: createMollieProvider(config.mollie), sandbox: null }
      : withSandbox(createSandboxProvider({ repository: createSandboxRepository(work.db), jobs, now }));
    const spendProtection = createSpendProtectionService({
      repository: createSpendProtectionRepository(work.db),
      work,
      now,
    });
    const shop = createShopService({
      repository: createShopRepository(work.db),
      reservePurchase: spendProtection.reservePurchase,
      refreshMemberView: (userId) => accounts.sessions.refreshUser(userId),
      // The sandbox pays for nothing: in production it serves the demo site only, a real site needs Mollie.
      takesPaymentsFor: (site) => provider.name !== 'sandbox' || config.env !== 'production' || site.isDemo,
      discountCodes: discountCodesRepository,
      ledger,
      provider,
      work,
      now,
      log: log.child({ module: 'credits' }),
      isPhoneVerified: async (site, user, phone) =>
        (await sms.phoneCodes.findPhoneVerification(site, user, phone, phoneVerificationValidMinutes * 60_000)) !==
        null,
    });
    return {
      discountCodes: createDiscountCodesService({
        repository: discountCodesRepository,
        findDeleteDiscount: async (site) => (await sites.getCompanyInfo(site)).delete_discount,
        now,
      }),
      spendProtection,
      ledger,
      shop,
      sandbox,
    };
  },
  routes: (scope, { discountCodes, spendProtection, shop }) => {
    registerDiscountCodesRoutes(scope, discountCodes);
    registerSpendProtectionRoutes(scope, spendProtection);
    registerShopRoutes(scope, shop);
  },
  page: creditsPageServices,
});
