import { phoneCodeInputSchema, phoneCodeQuerySchema, phoneCodeResponseSchema } from '@app/shared/credits/direct-debit';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { PhoneCodesService } from './phone-codes.service.ts';

/** The mobile number of a direct debit: a code by SMS, then the code back (spec: 'Code ongeldig' when wrong). */
export function registerPhoneCodeRoutes(app: FastifyInstance, phoneCodes: PhoneCodesService) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/phone-code.php',
    schema: {
      tags: ['credits'],
      summary:
        'Sends a 6-digit code by SMS to a mobile number of one of the site’s countries (valid 10 minutes; 5 a day per ' +
        'member and per number). With `?verify=1` and the code: confirms the number, once; 5 wrong tries kill the code.',
      querystring: phoneCodeQuerySchema,
      body: phoneCodeInputSchema,
      response: {
        200: phoneCodeResponseSchema,
        ...errorResponses(
          'validation_failed',
          'phone_invalid',
          'sms_code_invalid',
          'authentication_required',
          'sms_code_attempts',
          'sms_send_limit',
        ),
      },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { phone, code } = request.body;
      if (!request.query.verify) {
        if (code !== undefined) throw new AppError('validation_failed', 'a code without ?verify=1', { field: 'code' });
        return phoneCodes.sendPhoneCode(request.site, user, phone);
      }
      if (code === undefined) throw new AppError('sms_code_invalid', '?verify=1 without a code', { field: 'code' });
      return phoneCodes.verifyPhoneCode(request.site, user, phone, code);
    },
  });
}
