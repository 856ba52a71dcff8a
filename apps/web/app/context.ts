import type { Locale } from '@app/shared/i18n/locales';
import type { Messages } from '@app/shared/i18n/translator';
import type { SiteSettings } from '@app/shared/sites/site-settings';
import { createContext } from 'react-router';

/** A member card as the pages show it; fictional ones carry their label. */
export interface MemberCard {
  id: number;
  name: string;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  fictional: boolean;
  photo: { match: string; thumb: string } | null;
}

/** What the server gives the pages: the site, the visitor's language, and the services loaders call. */
export interface WebRequestContext {
  siteId: number;
  settings: SiteSettings;
  locale: Locale;
  messages: Messages;
  services: {
    findShowcaseMembers(limit: number): Promise<MemberCard[]>;
  };
}

export const webContext = createContext<WebRequestContext>();
