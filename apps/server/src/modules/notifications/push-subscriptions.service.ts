import { createECDH } from 'node:crypto';
import { AppError } from '@app/shared/errors/app-error';
import { isAllowedPushEndpoint, type PushSubscriptionInput } from '@app/shared/notifications/push-subscription';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.ts';

/** Devices one member keeps at most; a new one beyond drops their oldest. */
const pushDevicesPerMember = 10;

/** Whether the key is a point on P-256 (the schema checked only its form): web push encrypts to it. */
function isCurvePoint(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** The member's devices for web push (`POST` and `DELETE /api/user.php?push=1`). */
export function createPushSubscriptionsService(deps: {
  repository: PushSubscriptionsRepository;
  work: UnitOfWork;
  recordPushChoice: (userId: number, choice: 'accepted' | 'denied') => Promise<void>;
  /** Push service hosts allowed besides the browsers' own (PUSH_SERVICE_HOSTS). */
  extraHosts: readonly string[];
  now: () => Date;
}) {
  return {
    /**
     * Stores this browser's subscription for the member, or notes that their browser denied push. The server posts
     * to the endpoint later, so only known push services (and configured ones) are taken.
     */
    async storeSubscription(userId: number, subscription: PushSubscriptionInput | 'denied') {
      if (subscription === 'denied') {
        await deps.recordPushChoice(userId, 'denied');
        return;
      }
      if (!isAllowedPushEndpoint(subscription.endpoint, deps.extraHosts)) {
        throw new AppError('push_service_not_allowed', `push endpoint host ${new URL(subscription.endpoint).host}`, {
          field: 'subscription.endpoint',
        });
      }
      if (!isCurvePoint(subscription.keys.p256dh)) {
        throw new AppError('push_subscription_invalid', 'p256dh is not a P-256 point', {
          field: 'subscription.keys.p256dh',
        });
      }
      const { endpoint, keys } = subscription;
      await deps.work.transaction(async () => {
        await deps.repository.upsertSubscription(
          userId,
          { endpoint, p256dh: keys.p256dh, auth: keys.auth },
          deps.now(),
          pushDevicesPerMember,
        );
        await deps.recordPushChoice(userId, 'accepted');
      });
    },

    /** This browser stops receiving the member's pushes; another member's device is left alone. */
    async removeSubscription(userId: number, endpoint: string) {
      await deps.repository.deleteOwnSubscription(userId, endpoint);
    },
  };
}

export type PushSubscriptionsService = ReturnType<typeof createPushSubscriptionsService>;
