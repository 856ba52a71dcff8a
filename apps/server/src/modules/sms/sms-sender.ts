import type { SmsRepository } from './sms.repository.ts';

interface OutgoingSms {
  /** E.164 ('+31612345678'). */
  to: string;
  text: string;
  siteId: number;
}

/** Where SMS go: the local SMS box by default; an SMS provider's adapter implements the same. */
export interface SmsSender {
  kind: 'local';
  sendSms(sms: OutgoingSms): Promise<void>;
}

/** Keeps every SMS in the database, for /dev/smsbox (loopback only) and the tests. */
export function createLocalSmsboxSender(repository: SmsRepository, now: () => Date): SmsSender {
  return {
    kind: 'local',
    async sendSms(sms) {
      await repository.insertLocalSms({ siteId: sms.siteId, toNumber: sms.to, text: sms.text, receivedAt: now() });
    },
  };
}
