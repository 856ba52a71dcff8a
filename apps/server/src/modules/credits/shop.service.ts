import type { SessionUser } from '@app/shared/accounts/session-user';
import { type DirectDebitForm, directDebitLimitCents } from '@app/shared/credits/direct-debit';
import type { CreditPackage, Order, PackagesResponse } from '@app/shared/credits/orders';
import {
  findPaymentMethods,
  type PaymentMethod,
  paymentIssuers,
  recurringMethods,
} from '@app/shared/credits/payment-methods';
import { isTimeBonusActive, timeBonusCode, timeBonusPercentage } from '@app/shared/credits/time-bonus';
import { findVatRate, vatIncluded } from '@app/shared/credits/vat-rates';
import { AppError } from '@app/shared/errors/app-error';
import { type Locale, localeInfo } from '@app/shared/i18n/locales';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Site } from '../sites/sites.service.ts';
import type { DiscountCodeRow, DiscountCodesRepository } from './discount-codes.repository.ts';
import type { Ledger } from './ledger.service.ts';
import type { PaymentProvider, ProviderPayment } from './payment-provider.ts';
import { type CreditPackageRow, type OrderRow, type ShopRepository, unpaidStatuses } from './shop.repository.ts';

/** The time bonus (spec section 9): 25% for a member who has not bought yet, within 4 hours of signup. */
const timeBonus = { code: timeBonusCode, percentage: timeBonusPercentage };

interface Discount {
  code: string;
  percentage: number;
  row: DiscountCodeRow | null;
}

/** Who buys: a member, or a visitor looking at the prices from a country. */
export interface Buyer {
  user: SessionUser | null;
  country: string;
}

const cents = (amount: number) => Math.round(amount * 100);
const amountOf = (value: number) => value / 100;

/**
 * The shop (DESIGN.md, "Payments"): packages priced for the buyer, orders at the price fixed when they are made, and
 * payments with the provider. A paid order is fulfilled once — the conditional change to `paid` in the order's lock,
 * the ledger credit and premium on the first purchase in one transaction — whatever the number and order of webhook
 * calls and return visits. Every money event is logged with the order id.
 */
export function createShopService(deps: {
  repository: ShopRepository;
  discountCodes: DiscountCodesRepository;
  ledger: Ledger;
  provider: PaymentProvider;
  work: UnitOfWork;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Whether the provider may take this site's payments (the sandbox never takes a real site's in production). */
  takesPaymentsFor: (site: Site) => boolean;
  /** Whether the member confirmed this mobile number by SMS code lately (the direct debit's proof). */
  isPhoneVerified: (site: Site, user: SessionUser, phone: string) => Promise<boolean>;
  /** Spend protection's check, inside the order's transaction (it locks the member's row). */
  reservePurchase: (site: Site, userId: number, amountCents: number, currency: string, now: Date) => Promise<void>;
  /** Drops the member's cached session views on every process (premium is part of them). */
  refreshMemberView: (userId: number) => Promise<void>;
}) {
  const { repository, ledger, provider, work, log } = deps;

  function countryOf(site: Site, country: string): string {
    return site.settings.countries.includes(country) ? country : site.settings.countries[0]!;
  }

  function currencyOf(site: Site, country: string): string {
    const costs = site.settings.minimum_message_costs;
    return costs[country]?.currency ?? costs[site.settings.countries[0]!]?.currency ?? 'EUR';
  }

  function messagesIn(site: Site, credits: number): number {
    return site.settings.message_credits > 0 ? Math.floor(credits / site.settings.message_credits) : 0;
  }

  /** The lowest price a package may be sold at: the site's minimum price per message in the buyer's country. */
  function floorOf(site: Site, country: string, pkg: CreditPackageRow): number {
    const minimum = site.settings.minimum_message_costs[country];
    if (!minimum || minimum.currency !== pkg.currency) return 0;
    return Math.ceil(cents(minimum.costs) * messagesIn(site, pkg.credits));
  }

  function priceOf(site: Site, country: string, pkg: CreditPackageRow, percentage: number): number {
    const discounted = Math.round((pkg.priceCents * (100 - percentage)) / 100);
    return Math.min(pkg.priceCents, Math.max(discounted, floorOf(site, country, pkg)));
  }

  function toPackage(site: Site, country: string, pkg: CreditPackageRow, percentage: number): CreditPackage {
    const price = priceOf(site, country, pkg, percentage);
    const messages = messagesIn(site, pkg.credits);
    return {
      id: pkg.id,
      credits: pkg.credits,
      messages,
      currency: pkg.currency,
      list_price: amountOf(pkg.priceCents),
      price: amountOf(price),
      price_per_message: messages > 0 ? Math.round(price / messages) / 100 : amountOf(price),
      label: pkg.label,
      variant: pkg.variant,
      best_value: pkg.bestValue,
    };
  }

  /**
   * The discount an order gets: the code the member typed (checked against every rule the code carries), else the
   * time bonus while it runs. Throws the code's error when a typed code does not apply.
   */
  async function findDiscount(
    site: Site,
    buyer: Buyer,
    typed: string | undefined,
    order: { currency: string; listPriceCents?: number; method?: PaymentMethod },
  ): Promise<Discount | null> {
    const now = deps.now();
    const code = typed?.trim().toUpperCase();
    if (!code) {
      return buyer.user && isTimeBonusActive(buyer.user, now)
        ? { code: timeBonus.code, percentage: timeBonus.percentage, row: null }
        : null;
    }
    const user = buyer.user;
    if (code === timeBonus.code) {
      if (user && isTimeBonusActive(user, now)) return { code, percentage: timeBonus.percentage, row: null };
      throw new AppError(
        user?.paid_user ? 'discount_code_used' : 'discount_code_expired',
        `time bonus for ${user?.id}`,
      );
    }
    const row = await deps.discountCodes.findDiscountCode(site.id, code);
    if (!row || row.status === 'disabled' || (row.userId !== null && row.userId !== user?.id)) {
      throw new AppError('discount_code_not_found', `discount code ${code}`, { field: 'discount_code' });
    }
    if (row.status === 'used') throw new AppError('discount_code_used', code, { field: 'discount_code' });
    if (row.expiresAt && row.expiresAt <= now) {
      throw new AppError('discount_code_expired', code, { field: 'discount_code' });
    }
    if (row.validity === 'once-per-user' && user && (await repository.hasUsedDiscountCode(row.id, user.id))) {
      throw new AppError('discount_code_used', `${code} used by ${user.id}`, { field: 'discount_code' });
    }
    const wrongPlace =
      (row.country !== null && row.country !== buyer.country) ||
      (row.currency !== null && row.currency !== order.currency) ||
      (order.method !== undefined && row.paymentMethods !== null && !row.paymentMethods.includes(order.method));
    if (wrongPlace) throw new AppError('discount_not_applicable', code, { field: 'discount_code' });
    if (
      row.minimumOrderValue !== null &&
      order.listPriceCents !== undefined &&
      order.listPriceCents < row.minimumOrderValue
    ) {
      throw new AppError('discount_minimum_not_met', code, {
        field: 'discount_code',
        amount: amountOf(row.minimumOrderValue),
        currency: row.currency ?? order.currency,
      });
    }
    return { code: row.code, percentage: row.valuePercentage, row };
  }

  async function findOrCreateCustomer(user: SessionUser): Promise<string> {
    return (
      (await repository.findCustomerId(user.id, provider.name)) ??
      (
        await provider.createCustomer({
          name: user.profile.name,
          email: user.email,
          metadata: { user_id: String(user.id) },
        })
      ).id
    );
  }

  /** A direct debit is admitted under the member's lock: none after a bounce or chargeback, none over the limit. */
  async function admitDirectDebit(userId: number, amountCents: number) {
    await repository.lockMember(userId);
    if (await repository.hasDirectDebitBlock(userId)) {
      throw new AppError('direct_debit_blocked', `member ${userId} has a bounced or charged-back payment`);
    }
    const debited = await repository.sumDirectDebitsSince(userId, new Date(deps.now().getTime() - 30 * 86_400_000));
    if (debited + amountCents > directDebitLimitCents) {
      throw new AppError('direct_debit_limit_reached', `member ${userId}: ${debited} debited in 30 days`);
    }
  }

  /** Pays an order on a stored mandate (a recurring payment): no checkout, the provider tells the outcome. */
  async function chargeMandate(
    site: Site,
    user: SessionUser,
    order: OrderRow,
    mandate: { customerId: string; mandateId: string; method: 'creditcard' | 'directdebit' },
    options: { origin: string; locale: Locale },
  ): Promise<{ order: Order; checkoutUrl: null }> {
    const now = deps.now();
    const payment = await work.transaction(async () => {
      if (mandate.method === 'directdebit') await admitDirectDebit(user.id, order.amountCents);
      const created = await provider.createPayment({
        amount: { currency: order.currency, cents: order.amountCents },
        description: `${site.settings.name} ${order.id}`,
        method: mandate.method,
        redirectUrl: `${options.origin}/credits/${order.id}/${mandate.method}`,
        webhookUrl: `${options.origin}/api/payment-webhook.php`,
        locale: localeInfo[options.locale].iso.replace('-', '_'),
        sequenceType: 'recurring',
        customerId: mandate.customerId,
        mandateId: mandate.mandateId,
        metadata: { order_id: String(order.id) },
      });
      await repository.insertPayment({
        orderId: order.id,
        provider: provider.name,
        providerPaymentId: created.id,
        method: mandate.method,
        sequenceType: 'recurring',
        status: created.status,
        createdAt: now,
        updatedAt: now,
      });
      await repository.updateOrder(order.id, { status: 'open', paymentMethod: mandate.method });
      return created;
    });
    log.info({ orderId: order.id, paymentId: payment.id, method: mandate.method }, 'recurring payment started');
    return { order: toOrder((await applyPayment(payment)) ?? order), checkoutUrl: null };
  }

  function refuseUnlessTakingPayments(site: Site) {
    if (!deps.takesPaymentsFor(site)) {
      throw new AppError('payment_provider_unavailable', `${provider.name} takes no payments for site ${site.id}`);
    }
  }

  function toOrder(row: OrderRow): Order {
    const vat = vatIncluded(row.amountCents, row.vatBasisPoints);
    return {
      id: row.id,
      status: row.status,
      package: row.packageId,
      credits: row.credits,
      currency: row.currency,
      list_price: amountOf(row.listPriceCents),
      amount: amountOf(row.amountCents),
      vat: amountOf(vat),
      vat_percentage: row.vatBasisPoints / 100,
      country: row.country,
      discount_code: row.discountCode,
      discount_percentage: row.discountPercentage,
      payment_method: row.paymentMethod as PaymentMethod | null,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
    };
  }

  async function findOwnOrder(site: Site, user: SessionUser, orderId: number): Promise<OrderRow> {
    const row = await repository.findOrder(orderId);
    // Someone else's order, or another site's, is answered as no order at all.
    if (!row || row.userId !== user.id || row.siteId !== site.id) {
      throw new AppError('not_found', `order ${orderId} is not member ${user.id}'s`);
    }
    return row;
  }

  /** Applies what the provider says of one payment: the only way an order's status and the credits change. */
  async function applyPayment(payment: ProviderPayment): Promise<OrderRow | null> {
    const refund: { order: OrderRow; cents: number }[] = [];
    const applied = await work.transaction(async () => {
      const stored = await repository.findPaymentByProviderId(provider.name, payment.id);
      if (!stored) return null;
      // The member first, then the order: every payment of one member is applied in turn, and the locks are taken
      // in the order the direct debit takes them too, so two payments of one member cannot deadlock.
      const owner = await repository.findOrder(stored.orderId);
      if (!owner) return null;
      await repository.lockMember(owner.userId);
      const order = await repository.lockOrder(stored.orderId);
      if (!order) return null;
      const now = deps.now();
      await repository.updatePayment(stored.id, {
        status: payment.status,
        method: payment.method ?? stored.method,
        refundedCents: Math.max(stored.refundedCents, payment.amountRefunded.cents),
        chargedBackCents: Math.max(stored.chargedBackCents, payment.amountChargedBack.cents),
        updatedAt: now,
      });
      if (payment.status === 'paid' && unpaidStatuses.includes(order.status)) {
        await repository.updateOrder(order.id, { status: 'paid', paidAt: now, paymentMethod: stored.method });
        await repository.setPaidPayment(order.id, stored.id);
        await ledger.grantCredits(
          { userId: order.userId, reason: 'purchase', reference: String(order.id) },
          order.credits,
        );
        const first = await repository.markPaidUser(order.userId);
        if (first) await work.afterCommit(() => deps.refreshMemberView(order.userId));
        if (
          payment.sequenceType === 'first' &&
          payment.mandateId &&
          payment.customerId &&
          payment.method === 'creditcard'
        ) {
          await repository.insertMandate({
            userId: order.userId,
            provider: provider.name,
            customerId: payment.customerId,
            mandateId: payment.mandateId,
            method: 'creditcard',
            status: 'valid',
            details: {},
            createdAt: now,
          });
        }
        if (order.discountCodeId !== null) {
          await repository.recordDiscountUse(order.discountCodeId, order.userId, order.id, now);
        }
        log.info({ orderId: order.id, paymentId: payment.id, credits: order.credits, first }, 'order paid');
        return { ...order, status: 'paid' as const, paidAt: now, paidPaymentId: stored.id };
      }
      if (payment.status === 'paid' && order.paidPaymentId !== stored.id && stored.status !== 'paid') {
        // Paid twice (two tabs, two methods): the second payment goes back to the member in full.
        refund.push({ order, cents: payment.amount.cents });
        log.warn({ orderId: order.id, paymentId: payment.id }, 'order paid twice: refunding the second payment');
        return order;
      }
      if (order.paidPaymentId === stored.id) return reverse(order, stored, payment);
      const latest = (await repository.findPayments(order.id)).at(-1);
      if (latest?.id === stored.id && unpaidStatuses.includes(order.status) && payment.status !== 'authorized') {
        const status = payment.status === 'paid' ? order.status : payment.status;
        if (status !== order.status) {
          await repository.updateOrder(order.id, { status });
          log.info({ orderId: order.id, paymentId: payment.id, status }, 'order payment status');
        }
        return { ...order, status };
      }
      return order;
    });
    for (const { order, cents: amount } of refund) {
      await provider
        .createRefund(payment.id, {
          amount: { currency: order.currency, cents: amount },
          description: `Order ${order.id}: paid twice`,
        })
        .catch((error) =>
          log.error({ err: error, orderId: order.id, paymentId: payment.id }, 'refund of double payment failed'),
        );
    }
    return applied;
  }

  /** Refunds and chargebacks of the payment that paid the order take its credits back in proportion, once each. */
  async function reverse(
    order: OrderRow,
    stored: { refundedCents: number; chargedBackCents: number },
    payment: ProviderPayment,
  ): Promise<OrderRow> {
    const creditsFor = (reversed: number) => Math.round((order.credits * reversed) / order.amountCents);
    let status = order.status;
    for (const [reason, before, after] of [
      ['refund', stored.refundedCents, payment.amountRefunded.cents],
      ['chargeback', stored.chargedBackCents, payment.amountChargedBack.cents],
    ] as const) {
      if (after <= before) continue;
      const credits = creditsFor(after) - creditsFor(before);
      const result =
        credits > 0
          ? await ledger.reverseCredits({ userId: order.userId, reason, reference: `${order.id}:${after}` }, credits)
          : null;
      log.info(
        { orderId: order.id, paymentId: payment.id, reason, cents: after - before, ...result },
        'order reversed',
      );
      status = reason === 'chargeback' ? 'charged_back' : status === 'charged_back' ? status : 'refunded';
    }
    if (status !== order.status) await repository.updateOrder(order.id, { status });
    return { ...order, status };
  }

  return {
    /** The site's packages in the buyer's currency, priced for them (the time bonus or a typed code applied). */
    async findPackages(site: Site, buyer: Buyer, typedCode?: string): Promise<PackagesResponse> {
      const country = countryOf(site, buyer.country);
      const currency = currencyOf(site, country);
      const discount = await findDiscount(site, { ...buyer, country }, typedCode, { currency });
      const rows = await repository.findPackages(site.id, currency);
      // A package priced under the site's minimum per message is not offered (a configuration error, logged).
      const offered = rows.filter((pkg) => {
        const fits = pkg.priceCents >= floorOf(site, country, pkg);
        if (!fits) log.warn({ packageId: pkg.id, country }, 'package priced under the minimum message price');
        return fits;
      });
      return {
        packages: offered.map((pkg) => toPackage(site, country, pkg, discount?.percentage ?? 0)),
        discount: discount ? { code: discount.code, percentage: discount.percentage } : null,
        vat_percentage: findVatRate(country) / 100,
      };
    },

    /** An order of a package at the price fixed now; paid later with `startPayment`. */
    async createOrder(
      site: Site,
      user: SessionUser,
      packageId: number,
      typedCode?: string,
      method?: PaymentMethod,
    ): Promise<Order> {
      const country = countryOf(site, user.profile.country);
      // Paying with a method at once (POST /api/orders.php): refused before an order exists.
      if (method && !findPaymentMethods(country).includes(method)) {
        throw new AppError('payment_method_unavailable', `${method} for ${country}`, { field: 'payment_method' });
      }
      const currency = currencyOf(site, country);
      const pkg = await repository.findPackage(site.id, packageId);
      if (!pkg || pkg.currency !== currency || pkg.priceCents < floorOf(site, country, pkg)) {
        throw new AppError('package_not_found', `package ${packageId} for ${country}`);
      }
      const buyer = { user, country };
      const discount = await findDiscount(site, buyer, typedCode, { currency, listPriceCents: pkg.priceCents, method });
      const amountCents = priceOf(site, country, pkg, discount?.percentage ?? 0);
      const now = deps.now();
      const row = await work.transaction(async () => {
        await deps.reservePurchase(site, user.id, amountCents, currency, now);
        return repository.insertOrder({
          siteId: site.id,
          userId: user.id,
          packageId: pkg.id,
          credits: pkg.credits,
          currency,
          listPriceCents: pkg.priceCents,
          amountCents,
          vatBasisPoints: findVatRate(country),
          country,
          discountCodeId: discount?.row?.id ?? null,
          discountCode: discount?.code ?? null,
          discountPercentage: discount?.percentage ?? null,
          createdAt: now,
        });
      });
      log.info({ orderId: row.id, userId: user.id, packageId: pkg.id, amountCents, currency }, 'order created');
      return toOrder(row);
    },

    /**
     * Starts a payment of the member's unpaid order with a method of their country, and answers where to pay. The
     * return and webhook URLs come from the site's configured origin, never from the request.
     */
    async startPayment(
      site: Site,
      user: SessionUser,
      orderId: number,
      method: PaymentMethod,
      options: { issuer?: string; origin: string; locale: Locale; recurring?: boolean },
    ): Promise<{ order: Order; checkoutUrl: string | null }> {
      refuseUnlessTakingPayments(site);
      const order = await findOwnOrder(site, user, orderId);
      if (order.status === 'paid') throw new AppError('order_already_paid', `order ${orderId}`);
      if (!unpaidStatuses.includes(order.status))
        throw new AppError('order_not_payable', `order ${orderId} ${order.status}`);
      // Asked to (the repeat order): a card or account on file is charged without a checkout.
      const mandate =
        options.recurring && recurringMethods.includes(method)
          ? await repository.findValidMandate(user.id, provider.name, method)
          : null;
      if (mandate) return chargeMandate(site, user, order, mandate, options);
      const issuers = paymentIssuers[method];
      // A direct debit needs the signed mandate of the /directdebit flow (payByDirectDebit), not a checkout.
      if (
        method === 'directdebit' ||
        !findPaymentMethods(order.country).includes(method) ||
        (options.issuer !== undefined && !issuers?.some((issuer) => issuer.id === options.issuer))
      ) {
        throw new AppError('payment_method_unavailable', `${method}/${options.issuer} for ${order.country}`, {
          field: 'payment_method',
        });
      }
      if (order.discountCodeId !== null) {
        await findDiscount(site, { user, country: order.country }, order.discountCode ?? undefined, {
          currency: order.currency,
          listPriceCents: order.listPriceCents,
          method,
        });
      }
      // A card payment is a first payment: it leaves a mandate, so the next order can be paid in one step.
      const customerId = method === 'creditcard' ? await findOrCreateCustomer(user) : undefined;
      const payment = await provider.createPayment({
        amount: { currency: order.currency, cents: order.amountCents },
        description: `${site.settings.name} ${order.id}`,
        method,
        issuer: options.issuer,
        redirectUrl: `${options.origin}/credits/${order.id}/${method}`,
        webhookUrl: `${options.origin}/api/payment-webhook.php`,
        locale: localeInfo[options.locale].iso.replace('-', '_'),
        sequenceType: customerId ? 'first' : 'oneoff',
        customerId,
        metadata: { order_id: String(order.id) },
      });
      await work.transaction(async () => {
        await repository.insertPayment({
          orderId: order.id,
          provider: provider.name,
          providerPaymentId: payment.id,
          method,
          sequenceType: payment.sequenceType,
          status: payment.status,
          checkoutUrl: payment.checkoutUrl,
          createdAt: deps.now(),
          updatedAt: deps.now(),
        });
        await repository.updateOrder(order.id, { status: 'open', paymentMethod: method });
      });
      log.info({ orderId: order.id, paymentId: payment.id, method }, 'payment started');
      return { order: toOrder({ ...order, status: 'open', paymentMethod: method }), checkoutUrl: payment.checkoutUrl };
    },

    /**
     * The webhook: the provider says something changed for a payment id. Never trusted: the status is fetched from
     * the provider and applied. An id we do not know is acknowledged and ignored (it is not ours, or it is a probe).
     */
    async receiveWebhook(providerPaymentId: string): Promise<void> {
      const stored = await repository.findPaymentByProviderId(provider.name, providerPaymentId);
      if (!stored) {
        log.warn({ paymentId: providerPaymentId.slice(0, 64) }, 'webhook for an unknown payment');
        return;
      }
      await applyPayment(await provider.getPayment(providerPaymentId));
    },

    /**
     * The buyer is back from the checkout: the order as it stands after asking the provider about its latest
     * payment (the webhook may not have come yet).
     */
    async findOrderAfterReturn(site: Site, user: SessionUser, orderId: number): Promise<Order> {
      const order = await findOwnOrder(site, user, orderId);
      const latest = (await repository.findPayments(order.id)).at(-1);
      if (!latest || !unpaidStatuses.includes(order.status)) return toOrder(order);
      const applied = await applyPayment(await provider.getPayment(latest.providerPaymentId));
      return toOrder(applied ?? order);
    },

    async findOrder(site: Site, user: SessionUser, orderId: number): Promise<Order> {
      return toOrder(await findOwnOrder(site, user, orderId));
    },

    async findOrders(user: SessionUser, limit: number, before?: number): Promise<Order[]> {
      return (await repository.findOrders(user.id, limit, before)).map(toOrder);
    },

    /** The member's latest paid order, which /credits/repeat-order offers again; null before the first purchase. */
    async findLastPaidOrder(user: SessionUser): Promise<Order | null> {
      const row = await repository.findLastPaidOrder(user.id);
      return row ? toOrder(row) : null;
    },

    /**
     * Pays an order by one SEPA direct debit (spec: direct debit flow): the member's number was confirmed by SMS, the
     * mandate is signed with the provider for the account given, and one recurring payment of the order's amount
     * is made on it. Refused for a member whose debit bounced or was charged back, and above the 30-day limit —
     * checked and admitted under the member's lock, so parallel requests cannot pass it together.
     */
    async payByDirectDebit(
      site: Site,
      user: SessionUser,
      form: Omit<DirectDebitForm, 'authorise'>,
      options: { origin: string; locale: Locale },
    ): Promise<Order> {
      refuseUnlessTakingPayments(site);
      const order = await findOwnOrder(site, user, form.order);
      if (order.status === 'paid') throw new AppError('order_already_paid', `order ${order.id}`);
      if (!unpaidStatuses.includes(order.status)) throw new AppError('order_not_payable', `order ${order.id}`);
      if (!findPaymentMethods(order.country).includes('directdebit')) {
        throw new AppError('payment_method_unavailable', `directdebit for ${order.country}`);
      }
      if (!(await deps.isPhoneVerified(site, user, form.phone)))
        throw new AppError('phone_not_verified', `member ${user.id}`, { field: 'phone' });
      const now = deps.now();
      const payment = await work.transaction(async () => {
        await repository.lockMember(user.id);
        // A debit of this order already running (a form sent twice): that one stands, no second debit.
        const current = await repository.lockOrder(order.id);
        if (current?.paymentMethod === 'directdebit' && (current.status === 'pending' || current.status === 'open')) {
          return null;
        }
        await admitDirectDebit(user.id, order.amountCents);
        const customerId =
          (await repository.findCustomerId(user.id, provider.name)) ??
          (
            await provider.createCustomer({
              name: form.account_holder,
              email: user.email,
              metadata: { user_id: String(user.id) },
            })
          ).id;
        const mandate = await provider.createMandate(customerId, {
          method: 'directdebit',
          consumerName: form.account_holder,
          consumerAccount: form.iban,
          signatureDate: now.toISOString().slice(0, 10),
          mandateReference: `${site.settings.name.slice(0, 20).toUpperCase()}-${user.id}-${order.id}`,
        });
        await repository.insertMandate({
          userId: user.id,
          provider: provider.name,
          customerId,
          mandateId: mandate.id,
          method: 'directdebit',
          status: mandate.status,
          details: {
            ...mandate.details,
            holder: form.account_holder,
            iban_last4: form.iban.slice(-4),
            phone: form.phone,
            address: `${form.street}, ${form.postal_code} ${form.city}`,
          },
          createdAt: now,
        });
        const created = await provider.createPayment({
          amount: { currency: order.currency, cents: order.amountCents },
          description: `${site.settings.name} ${order.id}`,
          method: 'directdebit',
          redirectUrl: `${options.origin}/credits/${order.id}/directdebit`,
          webhookUrl: `${options.origin}/api/payment-webhook.php`,
          locale: localeInfo[options.locale].iso.replace('-', '_'),
          sequenceType: 'recurring',
          customerId,
          mandateId: mandate.id,
          metadata: { order_id: String(order.id) },
        });
        await repository.insertPayment({
          orderId: order.id,
          provider: provider.name,
          providerPaymentId: created.id,
          method: 'directdebit',
          sequenceType: 'recurring',
          status: created.status,
          createdAt: now,
          updatedAt: now,
        });
        await repository.updateOrder(order.id, { status: 'open', paymentMethod: 'directdebit' });
        return created;
      });
      if (!payment) return toOrder((await repository.findOrder(order.id)) ?? order);
      log.info({ orderId: order.id, paymentId: payment.id, method: 'directdebit' }, 'payment started');
      return toOrder((await applyPayment(payment)) ?? order);
    },

    /** Whether the member's mobile number is confirmed for a direct debit now. */
    isPhoneVerified: async (site: Site, user: SessionUser, phone: string) => deps.isPhoneVerified(site, user, phone),

    /** Members may ask back the money for unused credits of a purchase within the site's `refund_days`. */
    async refundOrder(site: Site, user: SessionUser, orderId: number): Promise<Order> {
      const order = await findOwnOrder(site, user, orderId);
      const days = site.settings.refund_days;
      if (
        order.status !== 'paid' ||
        order.paidPaymentId === null ||
        !order.paidAt ||
        deps.now().getTime() - order.paidAt.getTime() > days * 86_400_000
      ) {
        throw new AppError('order_not_payable', `order ${orderId} cannot be refunded`);
      }
      const payment = (await repository.findPayments(order.id)).find((row) => row.id === order.paidPaymentId)!;
      const unused = Math.min(user.credits, order.credits);
      if (unused <= 0) throw new AppError('insufficient_credits', `order ${orderId}: all credits spent`);
      const amount = Math.floor((order.amountCents * unused) / order.credits);
      // One refund per order: the first request to move it from paid wins, a parallel one is refused.
      if (!(await repository.claimRefund(order.id)))
        throw new AppError('order_not_payable', `order ${orderId} refunding`);
      try {
        await provider.createRefund(payment.providerPaymentId, {
          amount: { currency: order.currency, cents: amount },
          description: `${site.settings.name} ${order.id}`,
        });
      } catch (error) {
        await repository.updateOrder(order.id, { status: 'paid' });
        throw error;
      }
      log.info({ orderId: order.id, cents: amount, credits: unused }, 'refund asked');
      return toOrder((await applyPayment(await provider.getPayment(payment.providerPaymentId))) ?? order);
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
