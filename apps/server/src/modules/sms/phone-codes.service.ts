import { hash, randomInt } from 'node:crypto';
import type { SessionUser } from '@app/shared/accounts/session-user';
import {
  type PhoneCodeSent,
  type PhoneVerified,
  phoneCodeLifetimeMinutes,
  phoneCodeMaxAttempts,
} from '@app/shared/credits/direct-debit';
import { AppError } from '@app/shared/errors/app-error';
import { defaultLocale, isLocale } from '@app/shared/i18n/locales';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Catalogs } from '../../i18n/catalogs.ts';
import type { Site } from '../sites/sites.service.ts';
import type { RateLimitsRepository } from '../system/rate-limits.repository.ts';
import { normalizeMobileNumber } from './mobile-number.ts';
import type { PhoneCodesRepository } from './phone-codes.repository.ts';
import type { SmsSender } from './sms-sender.ts';

const dayMs = 24 * 3_600_000;
/**
 * SMS cost money and reach a phone that may not be the member's: a member gets at most 5 codes a day, and a number
 * at most 5 a day whoever asks (several accounts cannot flood someone's phone).
 */
const sendsPerMemberPerDay = 5;
const sendsPerNumberPerDay = 5;

/** Six random digits, leading zeros included. */
export function drawPhoneCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * What is stored of a code: its hash, bound to the member and the number, so that the same digits sent to another
 * member or number never match. Six digits are quickly tried against a stolen hash: what protects the code is its
 * 10 minutes and 5 tries; the hash keeps it out of sight in the table and its backups meanwhile.
 */
export function hashPhoneCode(userId: number, phone: string, code: string): string {
  return hash('sha256', `${userId}:${phone}:${code}`, 'hex');
}

export function createPhoneCodesService(deps: {
  repository: PhoneCodesRepository;
  rateLimits: RateLimitsRepository;
  sender: SmsSender;
  transaction: UnitOfWork['transaction'];
  catalogs: Catalogs;
  now: () => Date;
}) {
  const { repository, rateLimits } = deps;

  function toMobileNumber(site: Site, user: SessionUser, input: string): string {
    const phone = normalizeMobileNumber(input, site.settings.countries, user.profile.country);
    if (!phone) throw new AppError('phone_invalid', 'not a mobile number of the site', { field: 'phone' });
    return phone;
  }

  async function countSend(key: string, limit: number, now: Date) {
    const hit = await rateLimits.hitRateLimit(key, limit, dayMs, now);
    if (hit.over) {
      throw new AppError('sms_send_limit', 'SMS codes over the limit', { hours: Math.ceil(hit.minutesLeft / 60) });
    }
  }

  return {
    /**
     * Sends a new code by SMS to a mobile number of one of the site's countries, in the member's language; the code
     * before it for that number stops working. Both send limits are counted in the transaction that stores the code,
     * so parallel requests cannot pass them and a refused send counts for nothing.
     */
    async sendPhoneCode(site: Site, user: SessionUser, input: string): Promise<PhoneCodeSent> {
      const phone = toMobileNumber(site, user, input);
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + phoneCodeLifetimeMinutes * 60_000);
      const code = drawPhoneCode();
      await deps.transaction(async () => {
        await countSend(`sms:member:${user.id}`, sendsPerMemberPerDay, now);
        await countSend(`sms:number:${phone}`, sendsPerNumberPerDay, now);
        await repository.replacePhoneCode({
          userId: user.id,
          phone,
          codeHash: hashPhoneCode(user.id, phone, code),
          createdAt: now,
          expiresAt,
        });
      });
      const t = deps.catalogs.translator(isLocale(user.language) ? user.language : defaultLocale);
      const text = t('sms.phone_code', { code, site: site.settings.name, minutes: phoneCodeLifetimeMinutes });
      await deps.sender.sendSms({ to: phone, text, siteId: site.id });
      return { phone, expires_at: expiresAt.toISOString() };
    },

    /**
     * Checks the code the member received on a number: right, unexpired and unused, it proves the number is theirs
     * (once). A wrong code answers 'Code ongeldig'; the fifth wrong try kills the code (`sms_code_attempts` from then
     * on). Call it outside a transaction: a refused try must stay counted, and a rollback would give it back.
     */
    async verifyPhoneCode(site: Site, user: SessionUser, input: string, code: string): Promise<PhoneVerified> {
      const phone = toMobileNumber(site, user, input);
      const now = deps.now();
      const tried = await repository.tryPhoneCode(
        user.id,
        phone,
        hashPhoneCode(user.id, phone, code),
        now,
        phoneCodeMaxAttempts,
      );
      if (tried?.verifiedAt) return { phone, verified_at: tried.verifiedAt.toISOString() };
      if (!tried) {
        // Not tried: say why only when it helps the member (a live code out of tries needs a new one).
        const current = await repository.findPhoneCode(user.id, phone);
        if (current && !current.verifiedAt && current.expiresAt > now && current.attempts >= phoneCodeMaxAttempts) {
          throw new AppError('sms_code_attempts', 'SMS code out of tries', { field: 'code' });
        }
      }
      throw new AppError('sms_code_invalid', tried ? 'wrong SMS code' : 'no live SMS code', { field: 'code' });
    },

    /**
     * When the member proved this number with a code (null: never, or the proof is older than `withinMs`): what a
     * direct-debit mandate asks before it is signed.
     */
    async findPhoneVerification(site: Site, user: SessionUser, input: string, withinMs: number) {
      const phone = toMobileNumber(site, user, input);
      const row = await repository.findPhoneCode(user.id, phone);
      const verifiedAt = row?.verifiedAt;
      if (!verifiedAt || deps.now().getTime() - verifiedAt.getTime() > withinMs) return null;
      return { phone, verifiedAt };
    },

    /** Drops codes that expired more than a day ago (a scheduled job). */
    deleteOldPhoneCodes: () => repository.deletePhoneCodesExpiredBefore(new Date(deps.now().getTime() - dayMs)),
  };
}

export type PhoneCodesService = ReturnType<typeof createPhoneCodesService>;
