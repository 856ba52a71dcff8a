import type { FastifyRequest } from 'fastify';

/** Links in mails point back to the host the member used (always one of the site's own hosts). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
