import { randomInt } from 'node:crypto';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { type DiscountCode, deleteDiscountValidDays } from '@app/shared/credits/discount-code';
import { findTimeBonus } from '@app/shared/credits/time-bonus';
import { AppError } from '@app/shared/errors/app-error';
import type { Site } from '../sites/sites.service.ts';
import type { DiscountCodeRow, DiscountCodesRepository } from './discount-codes.repository.ts';

// No 0/O or 1/I, so a code read from a screen or a mail is typed right.
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(prefix: string): string {
  let code = `${prefix}-`;
  for (let i = 0; i < 8; i++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

export function createDiscountCodesService(deps: {
  repository: DiscountCodesRepository;
  /** The percentage the site's company offers members who are about to delete their account (0: none). */
  findDeleteDiscount(site: Site): Promise<number>;
  now: () => Date;
}) {
  const { repository } = deps;

  function toDiscountCode(row: DiscountCodeRow): DiscountCode {
    return {
      code: row.code,
      country: row.country,
      user_id: row.userId,
      expires: row.expiresAt?.toISOString() ?? null,
      value_percentage: row.valuePercentage,
      currency: row.currency,
      minimum_order_value: row.minimumOrderValue,
      status: row.status,
      validity: row.validity,
      expired: row.expiresAt !== null && row.expiresAt.getTime() <= deps.now().getTime(),
      paymentmethods: row.paymentMethods,
    };
  }

  return {
    /**
     * A code as this member may use it. Unknown codes, disabled ones and someone else's personal code are all
     * 'not found'; a code already used says so. An expired code is answered with `expired: true`.
     */
    async findDiscountCode(site: Site, user: SessionUser | null, code: string): Promise<DiscountCode> {
      const row = await repository.findDiscountCode(site.id, code.trim().toUpperCase());
      if (!row || row.status === 'disabled' || (row.userId !== null && row.userId !== user?.id)) {
        throw new AppError('discount_code_not_found', `discount code ${code}`, { field: 'code' });
      }
      if (row.status === 'used')
        throw new AppError('discount_code_used', `discount code ${code} used`, { field: 'code' });
      return toDiscountCode(row);
    },

    /**
     * The member's welcome discount (`?welcome=true`, spec sections 3 and 7): the time bonus TIMEBONUS25 while it
     * runs by the server's clock (never bought, under 14,400 s since signup), expiring when it ends; otherwise
     * 'not found', which the pages ignore.
     */
    findWelcomeDiscount(user: SessionUser): DiscountCode {
      const bonus = findTimeBonus(user, deps.now());
      if (!bonus) throw new AppError('discount_code_not_found', `no welcome discount for member ${user.id}`);
      return bonus;
    },

    /**
     * The company's stay-offer for a member about to delete the account: a personal single-use code, valid for
     * 30 days. Asking again answers the same code, so the offer cannot be collected twice.
     */
    async grantDeleteDiscount(site: Site, user: SessionUser): Promise<DiscountCode> {
      const existing = await repository.findDeleteDiscount(user.id);
      if (existing) return toDiscountCode(existing);
      const percentage = await deps.findDeleteDiscount(site);
      if (percentage <= 0) throw new AppError('discount_not_offered', `site ${site.id} offers no delete discount`);
      const expiresAt = new Date(deps.now().getTime() + deleteDiscountValidDays * 86_400_000);
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await repository.insertDiscountCode({
          siteId: site.id,
          code: newCode('BLIJF'),
          userId: user.id,
          valuePercentage: percentage,
          validity: 'once',
          purpose: 'delete_discount',
          expiresAt,
        });
        if (inserted.created) return toDiscountCode(inserted.code);
        // A parallel grant for this member won: answer that one. Otherwise the code was taken: draw another.
        if (inserted.reason === 'member_has_one') return toDiscountCode(inserted.existing);
      }
      throw new Error('could not draw a free discount code');
    },
  };
}

export type DiscountCodesService = ReturnType<typeof createDiscountCodesService>;
