import { complaintInputSchema, complaintResponseSchema } from '@app/shared/moderation/complaint';
import type { FastifyInstance } from 'fastify';
import { defineApiRoute } from '../../lib/api-route.ts';
import type { ComplaintsService } from './complaints.service.ts';

export function registerComplaintsRoutes(app: FastifyInstance, complaints: ComplaintsService) {
  defineApiRoute(app, {
    method: 'POST',
    url: '/api/complaints.php',
    tag: 'moderation',
    summary: 'Sends a complaint to customer service; answers its reference number.',
    body: complaintInputSchema,
    response: complaintResponseSchema,
    errors: [
      'validation_failed',
      'name_required',
      'invalid_email',
      'category_required',
      'complaint_too_short',
      'text_too_long',
      'rate_limited',
      'client_header_required',
    ],
    handler: async (request, { body }) => ({
      complaint: await complaints.submitComplaint(request.site, body, { ip: request.ip, locale: request.locale }),
    }),
  });
}
