import { AppError } from '@app/shared/errors/app-error';
import type { Locale } from '@app/shared/i18n/locales';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogs } from '../i18n/catalogs.ts';
import type { Site } from '../modules/sites/sites.service.ts';
import { demoSiteSettings } from '../seed/demo-site.ts';
import { registerErrorHandling } from './errors.ts';

const app = Fastify();
registerErrorHandling(app, loadCatalogs());
// What the site context sets on a real request: the language and the site (here one on UTC for `?utc`).
app.addHook('onRequest', async (request) => {
  const query = request.query as Record<string, string>;
  request.locale = (query.locale ?? 'nl') as Locale;
  const timeZone = query.utc === undefined ? 'Europe/Amsterdam' : 'UTC';
  request.site = { id: 1, companyId: 1, isDemo: true, settings: { ...demoSiteSettings, time_zone: timeZone } } as Site;
});
app.get('/limit', async () => {
  throw new AppError('spend_limit_reached', 'test', { amount: 12.5, currency: 'EUR' });
});
app.get('/cool-off', async () => {
  throw new AppError('spend_cool_off', 'test', { until: '2026-11-23T13:05:00.000Z' });
});
afterAll(() => app.close());

describe('error answers with amounts and times', () => {
  it("write what is left as money in the visitor's language", async () => {
    const dutch = await app.inject('/limit');
    expect(dutch.statusCode).toBe(403);
    expect(dutch.json()).toEqual({
      error: 'spend_limit_reached',
      message: 'Deze aankoop past niet binnen je maandlimiet. Deze maand kun je nog €\u00a012,50 besteden.',
    });
    expect((await app.inject('/limit?locale=de')).json().message).toBe(
      'Dieser Kauf passt nicht mehr in dein Monatslimit. Diesen Monat kannst du noch 12,50\u00a0€ ausgeben.',
    );
  });

  it("write the end of a cool-off on the site's clock", async () => {
    expect((await app.inject('/cool-off')).json().message).toBe(
      'Je hebt een bedenkpauze ingesteld: tot 23 november 2026 om 14:05 kun je niets kopen.',
    );
    expect((await app.inject('/cool-off?locale=en&utc')).json().message).toBe(
      'You’ve set a cool-off period: you can’t buy anything until 23 November 2026 at 13:05.',
    );
  });
});
