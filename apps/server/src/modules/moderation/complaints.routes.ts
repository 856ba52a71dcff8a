import { complaintInputSchema, complaintResponseSchema } from '@app/shared/moderation/complaint';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { ComplaintsService } from './complaints.service.ts';

export function registerComplaintsRoutes(app: FastifyInstance, complaints: ComplaintsService) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/complaints.php',
    schema: {
      tags: ['moderation'],
      summary: 'Sends a complaint to customer service; answers its reference number.',
      body: complaintInputSchema,
      response: {
        200: complaintResponseSchema,
        ...errorResponses(
          'validation_failed',
          'name_required',
          'invalid_email',
          'category_required',
          'complaint_too_short',
          'text_too_long',
          'rate_limited',
          'client_header_required',
        ),
      },
    },
    handler: async (request) => ({
      complaint: await complaints.submitComplaint(request.site, request.body, {
        ip: request.ip,
        locale: request.locale,
      }),
    }),
  });
}
