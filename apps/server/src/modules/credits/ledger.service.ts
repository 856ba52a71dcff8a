import type { CreditReason } from '@app/shared/credits/credits';
import { AppError } from '@app/shared/errors/app-error';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { MemberEventLog } from '../../events/member-event-log.ts';
import type { LedgerRepository } from './ledger.repository.ts';

export interface CreditChange {
  userId: number;
  reason: CreditReason;
  /** What caused it (an order id, a message id): the same reason and reference never count twice. */
  reference: string;
}

/** What a reversal took back, and what it could not because the credits were spent already. */
export interface Reversal {
  taken: number;
  shortfall: number;
  balance: number;
}

/**
 * The one way credits change (DESIGN.md, "Credits"): the ledger entry and the cached balance in one transaction,
 * joined to the caller's unit of work when there is one, a `credits` event for the member's clients, and the
 * member's cached session views given the new balance once it commits, so the nav shows it on the next request.
 */
export function createLedger(deps: {
  repository: LedgerRepository;
  events: Pick<MemberEventLog, 'appendMemberEvents'>;
  work: UnitOfWork;
  now: () => Date;
  /** Shows the new balance in the member's cached session views on every process (the nav shows it). */
  updateMemberView(userId: number, credits: number): Promise<void>;
}) {
  const { repository, work } = deps;

  /** The member's clients learn the new balance, and so do their cached session views once it commits. */
  async function announce(change: CreditChange, balance: number, now: Date) {
    await deps.events.appendMemberEvents(
      [{ userId: change.userId, type: 'credits', payload: { credits: balance, reason: change.reason } }],
      now,
    );
    await work.afterCommit(() => deps.updateMemberView(change.userId, balance));
  }

  async function record(change: CreditChange, delta: number, balance: number, shortfall = 0) {
    const now = deps.now();
    const added = await repository.insertEntry({ ...change, delta, balanceAfter: balance, shortfall, createdAt: now });
    if (added) await announce(change, balance, now);
    return added;
  }

  const ledger = {
    /**
     * Adds credits once per (reason, reference): a second call with the same cause adds nothing and answers the
     * balance as it is. Answers the balance after.
     */
    grantCredits(change: CreditChange, credits: number): Promise<number> {
      if (!Number.isSafeInteger(credits) || credits <= 0) throw new Error(`cannot grant ${credits} credits`);
      return work.transaction(async () => {
        const balance = await repository.lockBalance(change.userId);
        if (balance === null) throw new Error(`no member ${change.userId}`);
        if (await repository.findEntry(change)) return balance;
        const after = await repository.addToBalance(change.userId, credits);
        if (!(await record(change, credits, after))) throw new Error(`credit entry ${change.reference} raced`);
        return after;
      });
    },

    /**
     * Takes credits for what the member buys with them, in the caller's transaction (the message or gift is stored
     * in it too): one conditional update, so parallel debits never take the balance below zero. Throws
     * `insufficient_credits` and changes nothing when the balance is short. Answers the balance after.
     */
    debitCredits(change: CreditChange, cost: number): Promise<number> {
      if (!Number.isSafeInteger(cost) || cost < 0) throw new Error(`cannot debit ${cost} credits`);
      return work.transaction(async () => {
        const now = deps.now();
        const { balance, added } = await repository.debitWithEntry({ ...change, cost, createdAt: now });
        if (balance === null) {
          throw new AppError('insufficient_credits', `member ${change.userId} has less than ${cost} credits`);
        }
        if (cost > 0) {
          if (!added) throw new Error(`debit ${change.reason} ${change.reference} counted before`);
          await announce(change, balance, now);
        }
        return balance;
      });
    },

    /**
     * Takes back credits a refund or chargeback reverses, once per (reason, reference), never below zero: what was
     * spent already is recorded as the shortfall.
     */
    reverseCredits(change: CreditChange, credits: number): Promise<Reversal> {
      return work.transaction(async () => {
        const balance = await repository.lockBalance(change.userId);
        if (balance === null) throw new Error(`no member ${change.userId}`);
        const done = await repository.findEntry(change);
        if (done) return { taken: -done.delta, shortfall: done.shortfall, balance };
        const taken = Math.min(balance, credits);
        const after = taken > 0 ? await repository.addToBalance(change.userId, -taken) : balance;
        await record(change, -taken, after, credits - taken);
        return { taken, shortfall: credits - taken, balance: after };
      });
    },

    /** A member's balance now (0 for no such member). */
    findBalance: async (userId: number) => (await repository.findBalance(userId)) ?? 0,

    /** A member's ledger, newest first. */
    findEntries: (userId: number, limit: number, before?: number) => repository.findEntries(userId, limit, before),

    /** The credits a new member gets when they confirm their address (decision 019), once. */
    async grantSignupCredits(userId: number): Promise<void> {
      const credits = await repository.findSignupCredits(userId);
      if (credits > 0) await ledger.grantCredits({ userId, reason: 'signup', reference: String(userId) }, credits);
    },

    findBalanceMismatches: () => repository.findBalanceMismatches(),
  };
  return ledger;
}

export type Ledger = ReturnType<typeof createLedger>;
