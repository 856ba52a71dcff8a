import { AppError } from '@app/shared/errors/app-error';
import type { Locale } from '@app/shared/i18n/locales';
import type { complaintInputSchema } from '@app/shared/moderation/complaint';
import type { z } from 'zod';
import type { Site } from '../sites/sites.service.ts';
import type { ComplaintsRepository } from './complaints.repository.ts';

const perIpPerHour = 5;

function complaintReference(id: number): string {
  return `K-${String(id).padStart(6, '0')}`;
}

export function createComplaintsService(deps: { repository: ComplaintsRepository; now: () => Date }) {
  return {
    /** Stores a complaint for customer service and answers its reference; a few per hour per address. */
    async submitComplaint(
      site: Site,
      input: z.output<typeof complaintInputSchema>,
      meta: { ip: string; locale: Locale },
    ): Promise<{ reference: string }> {
      const hourAgo = new Date(deps.now().getTime() - 3_600_000);
      if ((await deps.repository.countComplaintsFromIpSince(site.id, meta.ip, hourAgo)) >= perIpPerHour) {
        throw new AppError('rate_limited', `complaints from ${meta.ip} over the hourly limit`);
      }
      const { id } = await deps.repository.insertComplaint({
        siteId: site.id,
        ...input,
        locale: meta.locale,
        ip: meta.ip,
        createdAt: deps.now(),
      });
      return { reference: complaintReference(id) };
    },
  };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
