import type { AppConfig } from '../../config.ts';
import type { Site } from './sites.service.ts';

/**
 * The origin every absolute URL the server writes starts with (mail links, og tags, later push and payment
 * return URLs). It comes from the site's configured `domain`, never from the request's Host or X-Forwarded-*
 * headers, which a client chooses. Outside production, and for the demo site (which `npm start` serves on this
 * machine, and which a real deployment does not have), every site is served from this machine over plain HTTP.
 */
export function siteOrigin(site: Site, config: Pick<AppConfig, 'env' | 'port'>): string {
  const domain = site.settings.domain.toLowerCase();
  if (config.env === 'production' && !site.isDemo) return `https://${domain}`;
  const local = domain === 'localhost' || domain.endsWith('.localhost');
  return `http://${local ? domain : 'localhost'}:${config.port}`;
}
