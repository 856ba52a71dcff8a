import {
  type CoolOffPeriod,
  coolOffHours,
  coolOffPeriods,
  limitRaiseDelayHours,
} from '@app/shared/credits/spend-limits';
import type { SpendProtection, SpendProtectionUpdate } from '@app/shared/credits/spend-protection';
import { AppError } from '@app/shared/errors/app-error';
import { defaultSiteTimeZone, type StoredSiteSettings } from '@app/shared/sites/site-settings';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { startOfMonth, startOfNextMonth } from '../../lib/calendar-day.ts';
import type { Site } from '../sites/sites.service.ts';
import type { SpendProtectionRepository, SpendProtectionRow } from './spend-protection.repository.ts';

const hourMs = 3_600_000;
/** An unfinished checkout counts this long, then it is taken for abandoned. */
const openOrderCountsMs = 24 * hourMs;

/**
 * The currency of the site's limits: that of its first country's message price (spec: `minimum_message_costs`), euros
 * where it names none. A member pays in one currency, their country's; each purchase is held to the limit in its own.
 */
function findSiteCurrency(settings: StoredSiteSettings): string {
  const first = settings.countries[0];
  return (first ? settings.minimum_message_costs[first]?.currency : undefined) ?? 'EUR';
}

/** A member's protection as it stands at one moment: a raise whose 24 hours have passed is in force. */
interface ProtectionState {
  /** The member's own limit in cents; null: none (the site's default counts). */
  ownCents: number | null;
  /** A raise or removal still waiting, and when it comes into force. */
  pending: { ownCents: number | null; from: Date } | null;
  coolOffUntil: Date | null;
}

function stateAt(row: SpendProtectionRow | null, now: Date): ProtectionState {
  if (!row) return { ownCents: null, pending: null, coolOffUntil: null };
  const coolOffUntil = row.coolOffUntil && row.coolOffUntil > now ? row.coolOffUntil : null;
  if (row.pendingFrom === null) return { ownCents: row.monthlyLimitCents, pending: null, coolOffUntil };
  if (row.pendingFrom <= now) return { ownCents: row.pendingLimitCents, pending: null, coolOffUntil };
  return {
    ownCents: row.monthlyLimitCents,
    pending: { ownCents: row.pendingLimitCents, from: row.pendingFrom },
    coolOffUntil,
  };
}

function defaultLimitCents(site: Site): number | null {
  const limit = site.settings.default_monthly_spend_limit;
  return limit === undefined ? null : limit * 100;
}

/** The limit that counts: the member's own, else the site's default; null: none. */
function limitCents(site: Site, ownCents: number | null): number | null {
  return ownCents ?? defaultLimitCents(site);
}

/** Whether limit `a` allows more than limit `b` (null: no limit, more than any). */
function allowsMore(a: number | null, b: number | null): boolean {
  if (a === null) return b !== null;
  return b !== null && a > b;
}

const toAmount = (cents: number) => cents / 100;
const toAmountOrNull = (cents: number | null) => (cents === null ? null : cents / 100);

/**
 * Spend protection (issue 16): a monthly spending limit and a cool-off, per member. The limit that counts is the
 * member's own, else the site's `default_monthly_spend_limit`; it runs per calendar month in the site's time zone.
 * Lowering it counts at once, raising or removing it 24 hours after it is asked; a cool-off stops every purchase
 * until it ends and may be extended, never shortened. Every purchase is held to both by `reservePurchase`, in the
 * transaction that makes the order, on the member's locked row: parallel purchases take turns and cannot pass the
 * limit together.
 */
export function createSpendProtectionService(deps: {
  repository: SpendProtectionRepository;
  work: UnitOfWork;
  /** The server's clock, for the calls that are not given the moment they decide at. */
  now: () => Date;
}) {
  const { repository, work } = deps;

  function spentSince(site: Site, userId: number, currency: string, now: Date) {
    const timeZone = site.settings.time_zone ?? defaultSiteTimeZone;
    return repository.sumSpent({
      userId,
      currency,
      paidSince: startOfMonth(now, timeZone),
      openSince: new Date(now.getTime() - openOrderCountsMs),
    });
  }

  async function findSpendProtection(site: Site, userId: number, now = deps.now()): Promise<SpendProtection> {
    const currency = findSiteCurrency(site.settings);
    const [row, spent] = await Promise.all([
      repository.findSpendProtection(userId),
      spentSince(site, userId, currency, now),
    ]);
    const state = stateAt(row, now);
    const limit = limitCents(site, state.ownCents);
    const timeZone = site.settings.time_zone ?? defaultSiteTimeZone;
    return {
      currency,
      monthly_limit: toAmountOrNull(limit),
      own_limit: toAmountOrNull(state.ownCents),
      default_limit: toAmountOrNull(defaultLimitCents(site)),
      pending_limit: state.pending && {
        monthly_limit: toAmountOrNull(limitCents(site, state.pending.ownCents)),
        own_limit: toAmountOrNull(state.pending.ownCents),
        from: state.pending.from.toISOString(),
      },
      spent_this_month: toAmount(spent),
      left_this_month: limit === null ? null : toAmount(Math.max(0, limit - spent)),
      month_ends: startOfNextMonth(now, timeZone).toISOString(),
      cool_off_until: state.coolOffUntil?.toISOString() ?? null,
    };
  }

  /**
   * A new limit of the member's own (whole units of the site's currency), or none (null: the site's default). One
   * that allows less than the limit in force counts at once and drops a waiting raise; one that allows more waits 24
   * hours, replacing any raise waiting before it.
   */
  async function setMonthlyLimit(site: Site, userId: number, limit: number | null, now: Date) {
    const wantedCents = limit === null ? null : Math.round(limit * 100);
    await work.transaction(async () => {
      const state = stateAt(await repository.lockSpendProtection(userId), now);
      if (allowsMore(limitCents(site, wantedCents), limitCents(site, state.ownCents))) {
        await repository.updateSpendProtection(
          userId,
          {
            monthlyLimitCents: state.ownCents,
            pendingLimitCents: wantedCents,
            pendingFrom: new Date(now.getTime() + limitRaiseDelayHours * hourMs),
          },
          now,
        );
      } else {
        await repository.updateSpendProtection(
          userId,
          { monthlyLimitCents: wantedCents, pendingLimitCents: null, pendingFrom: null },
          now,
        );
      }
    });
  }

  /** Starts a cool-off, or extends the one running; a shorter one than what runs changes nothing. */
  async function startCoolOff(userId: number, period: CoolOffPeriod, now: Date) {
    const until = new Date(now.getTime() + coolOffHours[period] * hourMs);
    await work.transaction(async () => {
      const state = stateAt(await repository.lockSpendProtection(userId), now);
      if (state.coolOffUntil && state.coolOffUntil >= until) return;
      await repository.updateSpendProtection(userId, { coolOffUntil: until }, now);
    });
  }

  return {
    findSpendProtection,
    setMonthlyLimit,
    startCoolOff,

    /**
     * The cool-offs the settings page offers, with when each would end: all of them when none runs, else those that
     * end a day or more after the running one (a shorter one would change nothing, one a few minutes longer next to
     * nothing, though `startCoolOff` takes any extension).
     */
    listCoolOffChoices(coolOffUntil: string | null, now = deps.now()): { period: CoolOffPeriod; until: string }[] {
      const after = coolOffUntil === null ? 0 : Date.parse(coolOffUntil) + 24 * hourMs;
      return coolOffPeriods
        .map((period) => ({ period, until: new Date(now.getTime() + coolOffHours[period] * hourMs) }))
        .filter(({ until }) => until.getTime() >= after)
        .map(({ period, until }) => ({ period, until: until.toISOString() }));
    },

    /** As PUT /api/spend-protection.php: a new limit or a cool-off; answers the protection as it is after. */
    async updateSpendProtection(
      site: Site,
      userId: number,
      update: SpendProtectionUpdate,
      now = deps.now(),
    ): Promise<SpendProtection> {
      if (update.cool_off !== undefined) await startCoolOff(userId, update.cool_off, now);
      else if (update.monthly_limit !== undefined) await setMonthlyLimit(site, userId, update.monthly_limit, now);
      return findSpendProtection(site, userId, now);
    },

    /**
     * Holds a purchase of `amountCents` in `currency` to the member's protection. Call it inside the transaction that
     * makes the order, before the order is stored: it locks the member's row until that transaction ends, so the
     * next purchase counts this one (an open order made in the last 24 hours counts). Throws `spend_cool_off` while a
     * cool-off runs, and `spend_limit_reached` (with what is left this month) when this month's spending plus this
     * amount would pass the limit. Answers nothing: the order may be made.
     */
    async reservePurchase(site: Site, userId: number, amountCents: number, currency: string, now: Date) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error(`cannot reserve ${amountCents}`);
      await work.transaction(async () => {
        const state = stateAt(await repository.lockSpendProtection(userId), now);
        if (state.coolOffUntil) {
          throw new AppError('spend_cool_off', `member ${userId} is in a cool-off`, {
            until: state.coolOffUntil.toISOString(),
          });
        }
        const limit = limitCents(site, state.ownCents);
        if (limit === null) return;
        const spent = await spentSince(site, userId, currency, now);
        if (spent + amountCents > limit) {
          throw new AppError('spend_limit_reached', `member ${userId} spent ${spent} of ${limit} ${currency}`, {
            amount: toAmount(Math.max(0, limit - spent)),
            currency,
          });
        }
      });
    },
  };
}

export type SpendProtectionService = ReturnType<typeof createSpendProtectionService>;
