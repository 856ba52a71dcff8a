import type { FastifyRequest } from 'fastify';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { createPhoneCodesRepository } from './phone-codes.repository.ts';
import { registerPhoneCodeRoutes } from './phone-codes.routes.ts';
import { createPhoneCodesService, type PhoneCodesService } from './phone-codes.service.ts';
import { createSmsRepository, type SmsRepository } from './sms.repository.ts';
import { createLocalSmsboxSender, type SmsSender } from './sms-sender.ts';
import { registerSmsboxRoutes } from './smsbox.routes.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    sms: { sender: SmsSender; phoneCodes: PhoneCodesService; smsbox: SmsRepository };
  }
  interface PageServices {
    sms: ReturnType<typeof smsPageServices>;
  }
}

/** What the direct-debit page's actions call: the same rules as POST /api/phone-code.php. */
function smsPageServices({ phoneCodes }: ModuleServices['sms'], request: FastifyRequest) {
  return {
    /** Sends a code (AppError phone_invalid, sms_send_limit); answers the number in international form. */
    sendPhoneCode: (phone: string) => phoneCodes.sendPhoneCode(request.site, requireUser(request), phone),
    /** Confirms the number (AppError sms_code_invalid 'Code ongeldig', sms_code_attempts); outside a transaction. */
    verifyPhoneCode: (phone: string, code: string) =>
      phoneCodes.verifyPhoneCode(request.site, requireUser(request), phone, code),
  };
}

/** SMS: the sender (the local SMS box at /dev/smsbox until a provider is configured) and the phone codes. */
export const smsModule = defineModule({
  name: 'sms',
  needs: ['jobs', 'system'],
  services: async ({ work, catalogs, now }, { jobs, system }) => {
    const smsbox = createSmsRepository(work.db);
    const sender = createLocalSmsboxSender(smsbox, now);
    const phoneCodes = createPhoneCodesService({
      repository: createPhoneCodesRepository(work.db),
      rateLimits: system.rateLimits,
      sender,
      transaction: work.transaction,
      catalogs,
      now,
    });
    jobs.define('sms.cleanup', { handler: () => phoneCodes.deleteOldPhoneCodes() });
    await jobs.schedule('sms.cleanup', '25 * * * *');
    return { sender, phoneCodes, smsbox };
  },
  routes: (scope, { sender, phoneCodes, smsbox }) => {
    registerPhoneCodeRoutes(scope, phoneCodes);
    if (sender.kind === 'local') registerSmsboxRoutes(scope, smsbox);
  },
  page: smsPageServices,
});
