import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type NotificationType, notificationTypes } from '@app/shared/accounts/account-choices';
import type { SecretsRepository } from '../system/secrets.repository.ts';

/** The member and the kind of mail an unsubscribe link stops. */
interface UnsubscribeTarget {
  userId: number;
  type: NotificationType;
}

export interface UnsubscribeTokens {
  sign(target: UnsubscribeTarget): string;
  /** The target of a token this server made; null for anything else (tampered, truncated, another key). */
  verify(token: string): UnsubscribeTarget | null;
}

/**
 * Unsubscribe links work without a login for as long as the account exists: the token is `<user>-<type>-<mac>`, the
 * mac an HMAC-SHA256 (base64url) over the user id and type with a key only the server knows, checked in constant time.
 * Nothing is stored per link; a new key (deleting the stored one) makes every link sent so far useless.
 */
export function createUnsubscribeTokens(key: Buffer): UnsubscribeTokens {
  const mac = (userId: number, type: string) =>
    createHmac('sha256', key).update(`unsubscribe:${userId}:${type}`).digest();
  return {
    sign: ({ userId, type }) => `${userId}-${type}-${mac(userId, type).toString('base64url')}`,
    verify(token) {
      // The type has no '-': the first two split it off unambiguously, the mac may hold more.
      const match = /^([1-9]\d{0,9})-([a-z_]{1,40})-([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const userId = Number(match[1]);
      const type = match[2] as NotificationType;
      if (userId > 2_147_483_647 || !notificationTypes.includes(type)) return null;
      // Compared as written: the last of 43 characters carries two unused bits, so four spellings decode alike.
      const given = Buffer.from(match[3]!, 'ascii');
      const expected = Buffer.from(mac(userId, type).toString('base64url'), 'ascii');
      return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, type } : null;
    },
  };
}

/** The key, generated on first start and kept with the server's other generated secrets. */
export async function ensureUnsubscribeKey(secrets: SecretsRepository): Promise<Buffer> {
  const existing = await secrets.findSecret('unsubscribe_key');
  const value = existing ?? (await secrets.insertSecretOnce('unsubscribe_key', randomBytes(32).toString('base64url')));
  return Buffer.from(value, 'base64url');
}
